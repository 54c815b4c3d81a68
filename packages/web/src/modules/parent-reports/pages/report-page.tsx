import { useState } from 'react';
import Grid from '@mui/material/Grid';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { parentReportsMessages } from '@hortus/contract/modules/parent-reports';
import { Notice } from '../../../platform/feedback/notice';
import { PageLoading } from '../../../platform/feedback/page-loading';
import { useDataRenderedInSlices } from '../../../platform/query/render-in-slices';
import { PageContainer } from '../../../platform/layout/page-container';
import { useParentReports } from '../api/parent-reports';
import { ReportForm } from '../components/report-form';
import { ReportHistory } from '../components/report-history';

/** /210: 'Melden' and 'Historie', side by side on wide screens, two tabs on small ones (school.md 2.5). */
export function ReportPage() {
  const query = useParentReports();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState(0);
  const data = useDataRenderedInSlices(query.data);
  if (!data) {
    return (
      <PageContainer>
        {query.isError ? <Typography>{parentReportsMessages.loadFailed}</Typography> : <PageLoading />}
      </PageContainer>
    );
  }
  if (data.kinder.length === 0) {
    return (
      <PageContainer>
        <Notice severity="error" data-testid="report-no-children">
          {parentReportsMessages.noChildren}
        </Notice>
      </PageContainer>
    );
  }
  const form = <ReportForm data={data} />;
  const history = <ReportHistory data={data} />;
  return (
    <PageContainer>
      {wide ? (
        <Grid container spacing={2}>
          <Grid size={6}>{form}</Grid>
          <Grid size={6}>{history}</Grid>
        </Grid>
      ) : (
        <>
          <Tabs value={tab} onChange={(_, value: number) => setTab(value)} sx={{ mb: 2 }} variant="fullWidth">
            <Tab label="Melden" />
            <Tab label="Historie" />
          </Tabs>
          {tab === 0 ? form : history}
        </>
      )}
    </PageContainer>
  );
}
