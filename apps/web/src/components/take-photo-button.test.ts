import { describe, expect, it } from 'vitest';
import { namePhoto } from './take-photo-button';

describe('namePhoto', () => {
  it("names a capture by when it was taken, in India's time, keeping its bytes and type", async () => {
    const capture = new File([new Uint8Array([1, 2, 3])], 'image.jpg', { type: 'image/jpeg' });
    const named = namePhoto(capture, new Date('2026-11-27T04:45:42Z'));
    expect(named.name).toBe('Photo 27-11-2026 10.15.42.jpg');
    expect(named.type).toBe('image/jpeg');
    expect([...new Uint8Array(await named.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(namePhoto(new File([], 'image.png', { type: 'image/png' }), new Date('2026-01-05T18:30:00Z')).name).toBe(
      'Photo 06-01-2026 00.00.00.png',
    );
  });
});
