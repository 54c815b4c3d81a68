import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { statusInfo, type AttendeeStatus } from '@hortus/contract/modules/attendance';

const statuses: AttendeeStatus[] = [0, 1, 2, 3];

/** What the colours of the people chips mean (the chips carry a colour and the name only). */
export function StatusLegend() {
  return (
    <Box
      component="ul"
      aria-label="Legende der Status"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {statuses.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: statusInfo[status].color, flexShrink: 0 }}
          />
          <Typography variant="body2">{statusInfo[status].label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
