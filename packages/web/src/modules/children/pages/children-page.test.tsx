import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { childrenMessages } from '@hortus/contract/modules/children';
import { renderWithProviders } from '../../../platform/testing/render-with-providers';
import { ChildrenPage } from './children-page';

vi.mock('../api/use-children-page', () => ({
  useChildrenPageData: () => ({ query: { isError: true }, data: undefined, search: '' }),
}));

afterEach(cleanup);

describe('/200 without a copy on the device', () => {
  it('a failed load says the children could not be loaded, not that a save failed (issue 47)', () => {
    renderWithProviders(<ChildrenPage />);
    expect(screen.getByText(childrenMessages.loadFailed)).toBeTruthy();
    expect(screen.queryByText(childrenMessages.saveFailed)).toBeNull();
  });
});
