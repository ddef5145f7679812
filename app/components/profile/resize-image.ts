import { MAX_PHOTO_BYTES, PHOTO_JPEG_QUALITY, PHOTO_MAX_DIMENSION, PHOTO_MESSAGES } from '../../../domain/accounts/media/photo-limits';

/**
 * SPEC §5 photo: in the browser, an image file under 5 MB is scaled to fit 800x800 and
 * re-encoded as JPEG at quality 0.7 with a canvas. Resolves the JPEG, or rejects with the
 * SPEC's message ('Please select an image file', 'Image must be smaller than 5MB',
 * 'Failed to read file', 'Failed to load image').
 */
export function resizeImage(file: File): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (!file.type.startsWith('image/')) return reject(new Error(PHOTO_MESSAGES.notImage));
    if (file.size >= MAX_PHOTO_BYTES) return reject(new Error(PHOTO_MESSAGES.tooLarge));
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(PHOTO_MESSAGES.readFailed));
    reader.onload = () => {
      const image = new Image();
      image.onerror = () => reject(new Error(PHOTO_MESSAGES.loadFailed));
      image.onload = () => {
        const scale = Math.min(1, PHOTO_MAX_DIMENSION / image.width, PHOTO_MAX_DIMENSION / image.height);
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(image.width * scale));
        canvas.height = Math.max(1, Math.round(image.height * scale));
        const context = canvas.getContext('2d');
        if (!context) return reject(new Error(PHOTO_MESSAGES.loadFailed));
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(PHOTO_MESSAGES.loadFailed))), 'image/jpeg', PHOTO_JPEG_QUALITY);
      };
      image.src = typeof reader.result === 'string' ? reader.result : '';
    };
    reader.readAsDataURL(file);
  });
}
