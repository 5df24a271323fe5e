import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Camera from 'react-bootstrap-icons/dist/icons/camera';

/**
 * What a phone's camera gives that every upload of the portal takes (client files, requested documents,
 * proofs): iOS turns its HEIC photos into JPEG for an input that asks for these.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const PHOTO_STAMP = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/**
 * A camera capture renamed by when it was taken ("Photo 27-11-2026 10.15.42.jpg", India's time): phones
 * name every capture alike ("image.jpg"), and a same name in one folder would make each new photo of a
 * different paper a version of the last one (docs/decisions/0037).
 */
export function namePhoto(photo: File, takenAt: Date = new Date()): File {
  const parts = Object.fromEntries(PHOTO_STAMP.formatToParts(takenAt).map((part) => [part.type, part.value]));
  const extension = photo.type === 'image/png' ? 'png' : photo.type === 'image/webp' ? 'webp' : 'jpg';
  const name = `Photo ${parts.day}-${parts.month}-${parts.year} ${parts.hour}.${parts.minute}.${parts.second}.${extension}`;
  return new File([photo], name, { type: photo.type, lastModified: photo.lastModified });
}

/** Phones and tablets: a touch screen as the main pointer. A laptop's camera is not how papers are scanned. */
function isTouchDevice(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

type TakePhotoButtonProps = {
  /** What the photo is of, for the input's name ("Photo of PAN Card"). */
  subject: string;
  size?: 'sm' | 'lg' | undefined;
  onPhoto: (photo: File) => void;
};

/**
 * "Take a photo" beside an upload's file picker, on a touch device only: its input asks for the back
 * camera (`capture`), which on many phones opens the camera straight away, with no way to the files on the
 * phone; so the picker stays as it is and this is a second way in (docs/decisions/0038).
 */
export function TakePhotoButton({ subject, size, onPhoto }: TakePhotoButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  if (!isTouchDevice()) return null;
  return (
    <>
      <Button variant="outline-primary" size={size} onClick={() => input.current?.click()}>
        <Camera aria-hidden className="me-1" />
        Take a photo
      </Button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        capture="environment"
        className="d-none"
        tabIndex={-1}
        aria-label={`Photo of ${subject}`}
        onChange={(event) => {
          const photo = event.target.files?.[0];
          if (photo) onPhoto(namePhoto(photo));
          // The same photo taken twice still counts as a new one.
          event.target.value = '';
        }}
      />
    </>
  );
}
