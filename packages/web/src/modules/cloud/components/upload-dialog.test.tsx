import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { cloudMessages } from '@hortus/contract/modules/cloud';
import { NetworkError } from '../../../platform/api/errors';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { UploadDialog } from './upload-dialog';

const uploadOne = vi.hoisted(() => vi.fn());
vi.mock('../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), uploadOne }));

afterEach(cleanup);

describe('UploadDialog', () => {
  it('says the files did not arrive when the upload fails offline, and stays open (issue 47)', async () => {
    uploadOne.mockRejectedValue(new NetworkError());
    const onClose = vi.fn();
    const onUploaded = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <UploadDialog slotId={3} topics={['Elternbriefe']} onClose={onClose} onUploaded={onUploaded} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Thema' }), { target: { value: 'Elternbriefe' } });
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('file-picker-input'), { target: { files: [file] } });
    expect(await screen.findByText('brief.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hochladen' }));
    expect(await screen.findByText(cloudMessages.uploadFailed)).toBeTruthy();
    expect(uploadOne).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
