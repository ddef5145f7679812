import { useFetcher } from '@remix-run/react';
import { useRef, useState } from 'react';
import { secondaryButtonClass } from '../auth/field-styles';
import { failureOf, useActionToast, type ActionResult } from './action-result';
import { resizeImage } from './resize-image';

/** 'Change photo': resized in the browser, then checked and re-encoded on the server. */
export function PhotoUpload() {
  const fetcher = useFetcher<ActionResult>({ key: 'profile-photo' });
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useActionToast(fetcher.data);
  const serverError = failureOf(fetcher.data)?.message ?? null;
  const uploading = busy || fetcher.state !== 'idle';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const jpeg = await resizeImage(file);
      const data = new FormData();
      data.append('photo', jpeg, 'photo.jpg');
      fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to read file');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div>
      <input
        ref={input}
        id="profile-photo"
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={(e) => void onFile(e.target.files?.[0])}
        aria-describedby={error || serverError ? 'profile-photo-error' : undefined}
      />
      <label htmlFor="profile-photo" className={`${secondaryButtonClass} cursor-pointer ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
        {uploading ? 'Uploading…' : 'Change photo'}
      </label>
      {error || serverError ? (
        <p id="profile-photo-error" role="alert" className="mt-2 text-sm text-red-700">
          {error ?? serverError}
        </p>
      ) : (
        <p className="mt-2 text-xs text-slate-500">JPEG, PNG or WebP, under 5MB.</p>
      )}
    </div>
  );
}
