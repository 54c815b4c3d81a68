import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { childrenKeys, useChildren } from './children';

/**
 * The children's data as a page of the module shows it (the list, the check-in screen): loaded again on
 * every new navigation to the page (school.md 2.1), and the first time handed over in slices.
 */
export function useChildrenPageData() {
  const query = useChildren();
  const queryClient = useQueryClient();
  const location = useLocation();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) void queryClient.invalidateQueries({ queryKey: childrenKeys.all });
  }, [location.key, queryClient]);
  return { query, data: useDataRenderedInSlices(query.data), search: location.search };
}
