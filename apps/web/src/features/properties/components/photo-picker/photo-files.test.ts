import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  MAX_PHOTO_BYTES,
  photoContentType,
  rejectionMessage,
  validatePhotoFile,
} from '@/features/properties/components/photo-picker/photo-files';
import { activateLocale } from '@/i18n/i18n';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('photoContentType', () => {
  it("answers the file's own type when it is a photo type", () => {
    expect(photoContentType(file('a.jpg', 'image/jpeg'))).toBe('image/jpeg');
    expect(photoContentType(file('b.PNG', 'image/png'))).toBe('image/png');
    expect(photoContentType(file('c.avif', 'image/avif'))).toBe('image/avif');
  });

  it('goes by the extension when the browser gave no type (HEIC on a desktop)', () => {
    expect(photoContentType(file('IMG_0001.HEIC', ''))).toBe('image/heic');
    expect(photoContentType(file('foto.jpeg', ''))).toBe('image/jpeg');
    expect(photoContentType(file('notes.txt', ''))).toBeNull();
  });

  it('refuses another type whatever the name says', () => {
    expect(photoContentType(file('anim.jpg', 'image/gif'))).toBeNull();
    expect(photoContentType(file('plan.pdf', 'application/pdf'))).toBeNull();
    expect(validatePhotoFile(file('anim.jpg', 'image/gif'))).toMatchObject({
      code: 'file-invalid-type',
    });
    expect(validatePhotoFile(file('a.webp', 'image/webp'))).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('writes bytes, KB and MB in English formats', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(1536 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(24.84 * 1024 * 1024)).toBe('24.8 MB');
    expect(formatFileSize(1500 * 1024 * 1024)).toBe('1,500 MB');
  });

  it('writes them the Chilean way in Spanish', async () => {
    await activateLocale('es-CL');
    expect(formatFileSize(850 * 1024)).toBe('850 KB');
    expect(formatFileSize(1536 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(24.84 * 1024 * 1024)).toBe('24,8 MB');
    expect(formatFileSize(1500 * 1024 * 1024)).toBe('1.500 MB');
  });
});

describe('rejectionMessage', () => {
  it('names the file and says why', () => {
    const pdf = file('plan.pdf', 'application/pdf');
    expect(
      rejectionMessage({ file: pdf, errors: [{ code: 'file-invalid-type', message: 'x' }] }),
    ).toBe('plan.pdf: only JPEG, PNG, WebP, HEIC/HEIF and AVIF images can be uploaded');
    const big = file('big.jpg', 'image/jpeg', Math.round(MAX_PHOTO_BYTES * 1.25));
    expect(
      rejectionMessage({ file: big, errors: [{ code: 'file-too-large', message: 'x' }] }),
    ).toBe('big.jpg is 31.3 MB, larger than the 25 MB allowed');
    expect(
      rejectionMessage({ file: big, errors: [{ code: 'too-many-files', message: 'x' }] }),
    ).toBe('big.jpg: at most 20 photos');
  });

  it('says it in Spanish when that is the language', async () => {
    await activateLocale('es-CL');
    const pdf = file('plan.pdf', 'application/pdf');
    expect(
      rejectionMessage({ file: pdf, errors: [{ code: 'file-invalid-type', message: 'x' }] }),
    ).toBe('plan.pdf: solo se pueden subir imágenes JPEG, PNG, WebP, HEIC/HEIF y AVIF');
    const big = file('big.jpg', 'image/jpeg', Math.round(MAX_PHOTO_BYTES * 1.25));
    expect(
      rejectionMessage({ file: big, errors: [{ code: 'file-too-large', message: 'x' }] }),
    ).toBe('big.jpg pesa 31,3 MB, más que los 25 MB permitidos');
  });
});
