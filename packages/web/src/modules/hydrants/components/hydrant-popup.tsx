import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Popup } from 'react-leaflet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { URGENT_DEFECTS, type Hydrant, type HydrantData, type HydrantStatus } from '@hortus/contract/modules/hydrants';
import { useHydrantChange } from '../api/offline-sync';
import { addressOf } from '../logic/hydrant-form';

/** Leaflet's zoom control: 10 px margin, 34 px wide; the popup keeps 12 px more. */
const ZOOM_CONTROL_CLEARANCE = 56;

/**
 * The popup of a marker: status and defects are saved at once (the marker icon follows; a defect
 * change applies the answered neuStatus; offline they wait on the device, see offline-sync.ts), plus the
 * ways to the edit form and to moving the hydrant.
 */
export function HydrantPopup({ hydrant, data }: { hydrant: Hydrant; data: HydrantData }) {
  const change = useHydrantChange();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  // A new position array would reopen the popup on every render (react-leaflet compares by reference).
  const position = useMemo<[number, number]>(
    () => [hydrant.coords_lat, hydrant.coords_lon],
    [hydrant.coords_lat, hydrant.coords_lon],
  );

  const setStatus = (status: HydrantStatus) => change(hydrant, { kind: 'status', id: hydrant.id, status });
  const toggleDefect = (key: string, on: boolean) => {
    const mangel = on ? [...hydrant.mangel, key] : hydrant.mangel.filter((k) => k !== key);
    return change(hydrant, { kind: 'defects', id: hydrant.id, mangel });
  };

  return (
    <Popup
      position={position}
      offset={[0, -16]}
      maxWidth={300}
      minWidth={240}
      // The map pans the popup clear of the zoom buttons (top left, 44 px wide with their margin): on a phone it
      // lay over them (issue 47). A 300 px popup still fits 390 px beside them.
      autoPanPaddingTopLeft={[ZOOM_CONTROL_CLEARANCE, 24]}
    >
      <Box data-testid="hydrant-popup" sx={{ fontFamily: 'inherit' }}>
        <Typography variant="subtitle2" component="h2">
          Hydrant {hydrant.nummer}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {addressOf(data, hydrant)} · {hydrant.lage} · DN {hydrant.durchmesser}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={hydrant.status}
          aria-label="Status"
          onChange={(_, value: HydrantStatus | null) => {
            if (value !== null && value !== hydrant.status) void setStatus(value);
          }}
          sx={{ mb: 1 }}
        >
          {data.statuswerte.map((status) => (
            <ToggleButton key={status.id} value={status.id}>
              {status.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Typography variant="caption" component="h3">
          Mängel
        </Typography>
        <Box sx={{ maxHeight: 180, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
          {data.maengel.map((defect) => (
            <FormControlLabel
              key={defect.schluessel}
              sx={{ my: -0.5 }}
              control={
                <Checkbox
                  size="small"
                  checked={hydrant.mangel.includes(defect.schluessel)}
                  onChange={(event) => void toggleDefect(defect.schluessel, event.target.checked)}
                />
              }
              label={
                <Typography
                  variant="body2"
                  color={URGENT_DEFECTS.includes(defect.schluessel) ? 'error' : undefined}
                >{`${defect.schluessel} ${defect.name}`}</Typography>
              }
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
          <Button size="small" onClick={() => setParams({ h: String(hydrant.id) })}>
            Verschieben
          </Button>
          <Button size="small" variant="contained" onClick={() => void navigate(`/310-030?h=${hydrant.id}`)}>
            Bearbeiten
          </Button>
        </Box>
      </Box>
    </Popup>
  );
}
