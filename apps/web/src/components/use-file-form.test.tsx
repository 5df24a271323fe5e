import { FILE_MESSAGES } from '@portal/contract/files';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFileForm } from './use-file-form';

const fileOf = (bytes: number) => new File([new Uint8Array(bytes)], 'scan.pdf', { type: 'application/pdf' });

describe('useFileForm', () => {
  it('refuses no file and one above the limit, under the file; clear empties it and renews the inputs', async () => {
    const { result } = renderHook(() => useFileForm(1));
    await act(() => result.current.form.trigger('file'));
    expect(result.current.form.formState.errors.file?.message).toBe(FILE_MESSAGES.fileRequired);
    act(() => result.current.form.setValue('file', fileOf(2 * 1024 * 1024)));
    await act(() => result.current.form.trigger('file'));
    await waitFor(() => expect(result.current.form.formState.errors.file?.message).toBe(FILE_MESSAGES.fileTooLarge(1)));
    act(() => result.current.clear());
    expect(result.current.form.getValues('file')).toBeNull();
    expect(result.current.inputKey).toBe(1);
  });

  it('takes any size while the limit is not known yet', async () => {
    const { result } = renderHook(() => useFileForm(undefined));
    act(() => result.current.form.setValue('file', fileOf(10)));
    await act(() => result.current.form.trigger('file'));
    expect(result.current.form.formState.errors.file).toBeUndefined();
  });
});
