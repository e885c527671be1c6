/**
 * Issue 17 (spec §5, §2.5, §7): the image-search upload's browser rules that need no browser: the
 * accepted types, the compressor's own error texts for non-Blob and non-image input (kept as the
 * spec quotes them), the generated object key and the results path.
 */
import { describe, expect, it, vi } from 'vitest';

// The compressor finds File through `window` when it loads (a browser global); Node has File and Blob themselves.
vi.hoisted(() => {
  (globalThis as { window?: unknown }).window = globalThis;
});
import imageCompression from 'browser-image-compression';
import { ACCEPT_ATTRIBUTE, COMPRESSION, discoverImageHref, isAcceptedImage, objectKey } from '../app/lib/image-upload';

describe('image-search upload rules', () => {
  it('accepts only image/jpeg, image/png and image/webp', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(isAcceptedImage(new Blob(['x'], { type }))).toBe(true);
    for (const type of ['image/gif', 'image/heic', 'image/svg+xml', 'text/plain', '', 'image/jpg'])
      expect(isAcceptedImage(new Blob(['x'], { type }))).toBe(false);
    expect(ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png,image/webp');
  });

  it('compresses to the limits of spec §9, and the compressor rejects non-Blob and non-image input with the spec’s texts', async () => {
    expect(COMPRESSION).toEqual({ maxSizeMB: 1, maxWidthOrHeight: 768, maxIteration: 10 });
    await expect(imageCompression('photo.jpg' as unknown as File, COMPRESSION)).rejects.toThrow('The file given is not an instance of Blob or File');
    await expect(imageCompression(new File(['hello'], 'notes.txt', { type: 'text/plain' }), COMPRESSION)).rejects.toThrow('The file given is not an image');
  });

  it('names the object dir + a generated name + the type’s extension, and links the results page with it URL-encoded', () => {
    const dir = 'image-search/20261124/AbCdEf012345678-_xyz/';
    const jpeg = objectKey(dir, 'image/jpeg');
    expect(jpeg).toMatch(/^image-search\/20261124\/AbCdEf012345678-_xyz\/[0-9a-f-]{36}\.jpg$/);
    expect(objectKey(dir, 'image/webp')).toMatch(/\.webp$/);
    expect(objectKey(dir, 'image/jpeg')).not.toBe(jpeg);
    expect(discoverImageHref({ dir, fileName: 'a b.png' })).toBe('/discover-image/?origin=image-search%2F20261124%2FAbCdEf012345678-_xyz%2Fa%20b.png');
  });
});
