import { z } from 'zod';

/** Images accepted for avatars and school logos, checked from the bytes, not the name. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** Office documents: Word, Excel, PowerPoint (current and legacy) and OpenDocument. */
export const OFFICE_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
] as const;
/** Files accepted by the multi upload (class work and documents). */
export const FILE_TYPES = [...IMAGE_TYPES, 'application/pdf', ...OFFICE_TYPES] as const;
/** The extensions of FILE_TYPES, for a file picker's `accept` and the hint shown beside it. */
export const FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'webp', 'gif', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp'] as const;
/** Per file, per request, and per person (all of one user's uploads together). */
export const UPLOAD_LIMITS = { imageBytes: 2 * 1024 * 1024, fileBytes: 10 * 1024 * 1024, files: 5, userQuotaBytes: 50 * 1024 * 1024 } as const;

export const uploadedFile = z.object({
  imageName: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A stored file's name, as the uploads answer it (`imageName`): a record names its files by it. */
export const storedFileName = z.string().regex(/^[a-f0-9-]{36}\.[a-z0-9]{2,5}$/, 'Unknown file');
export const fileNameParams = z.object({ name: storedFileName });

/** A file attached to a record (class work, a message), as its readers see it before they download it. */
export const attachedFile = z.object({
  name: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
});
export type AttachedFile = z.infer<typeof attachedFile>;
