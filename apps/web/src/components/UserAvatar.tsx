import { useState, type ReactNode } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { useFileUrl } from '../api/files';

/** Shipped in public/: shown when there is no image or it fails to load. */
export const FALLBACK_AVATAR = `${import.meta.env.BASE_URL}avatar.svg`;

interface Props extends Omit<AvatarProps, 'src'> {
  image: string | null | undefined;
  alt: string;
  /** Shown instead of the fallback avatar when there is no image (e.g. a school's building icon). */
  placeholder?: ReactNode;
}

/** A person's photo or a school's logo: the private file, fetched with the session (useFileUrl). */
export function UserAvatar({ image, alt, placeholder, ...rest }: Props) {
  const { url } = useFileUrl(image);
  const [failed, setFailed] = useState<string | null>(null);
  const src = url && url !== failed ? url : FALLBACK_AVATAR;
  if (placeholder && src === FALLBACK_AVATAR) {
    return (
      <Avatar {...rest} color="indigo" {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        {placeholder}
      </Avatar>
    );
  }
  return (
    <Avatar
      {...rest}
      src={src}
      alt={alt}
      imageProps={{ onError: () => url && setFailed(url) }}
    />
  );
}
