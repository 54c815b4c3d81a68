import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { PROTOKOLL_PAGE_DEFAULT, protokollMessages } from '@hortus/contract';
import { childHistoryCalls, type ChildView } from '@hortus/contract/modules/children';
import { call } from '../../../../platform/api/client';
import { Notice } from '../../../../platform/feedback/notice';
import { PageLoading } from '../../../../platform/feedback/page-loading';
import { ProtokollTable } from '../../../../platform/protokoll/protokoll-table';

/** The child's history (the Protokoll's entries of this child), shown to those who may edit the child. */
export function HistoryTab({ child }: { child: Pick<ChildView, 'id'> }) {
  const [seite, setSeite] = useState(0);
  const [proSeite, setProSeite] = useState(PROTOKOLL_PAGE_DEFAULT);
  const history = useQuery({
    queryKey: ['children', 'history', child.id, seite, proSeite],
    queryFn: () => call(childHistoryCalls.getKindProtokoll, { id: child.id, seite, proSeite }),
    placeholderData: keepPreviousData,
  });
  if (history.isPending) return <PageLoading />;
  return (
    <Box>
      {history.isError && <Notice severity="error">{protokollMessages.loadFailed}</Notice>}
      <ProtokollTable
        eintraege={history.data?.eintraege ?? []}
        anzahl={history.data?.anzahl ?? 0}
        seite={seite}
        proSeite={proSeite}
        onSeite={setSeite}
        onProSeite={(size) => {
          setProSeite(size);
          setSeite(0);
        }}
        ohneObjekt
      />
    </Box>
  );
}
