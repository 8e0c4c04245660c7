import { checkinToken } from '@shala/contract';

/** The check-in token of what a QR or a paste gave: the `t` of a `…/checkin?t=<token>` link, or the token itself. */
export function tokenFromText(text: string): string | null {
  const s = text.trim();
  const fromLink = /[?&]t=([^&#\s]+)/.exec(s);
  let candidate = s;
  if (fromLink) {
    try {
      candidate = decodeURIComponent(fromLink[1]!);
    } catch {
      return null;
    }
  }
  return checkinToken.safeParse(candidate).success ? candidate : null;
}

interface Detector {
  detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * A reader of QR codes from a video: the browser's BarcodeDetector where it has one (Chrome on
 * Android), else jsQR, loaded only now (not in the main chunk). Null: nothing read in this frame.
 */
export async function qrReader(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  if (Native) {
    const formats = (await Native.getSupportedFormats?.().catch(() => [])) ?? ['qr_code'];
    if (formats.includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // A smaller frame reads as well and far faster on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}
