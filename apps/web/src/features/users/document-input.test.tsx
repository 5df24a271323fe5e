import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentInput } from './document-input';

describe('DocumentInput on a phone', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes a proof as a photo from the back camera beside the picker of PDFs and images', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<DocumentInput type="pan_proof" resetKey={0} onChange={onChange} />);
    expect(screen.getByLabelText('PAN proof')).toHaveAttribute(
      'accept',
      'application/pdf,image/jpeg,image/png,image/webp',
    );
    const camera = screen.getByLabelText('Photo of PAN proof', { selector: 'input' });
    expect(camera).toHaveAttribute('capture', 'environment');
    const photo = new File([new Uint8Array(100)], 'IMG_0500.jpg', { type: 'image/jpeg' });
    await user.upload(camera, photo);
    expect(onChange).toHaveBeenLastCalledWith(photo);
    expect(screen.getByText(/^Photo taken: Photo \d{2}-\d{2}-\d{4} \d{2}\.\d{2}\.\d{2}\.jpg$/)).toBeInTheDocument();
  });

  it('asks for a logo or a profile picture from the picker alone', () => {
    render(<DocumentInput type="profile_picture" resetKey={0} onChange={vi.fn()} />);
    expect(screen.getByLabelText('Profile picture')).not.toHaveAttribute('capture');
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
  });
});
