import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { facilityEditing, hasRight } from '@hortus/contract';
import { useSettings } from '../api/get-settings';

/**
 * Says where the facility's address, phone and opening hours are edited (the app settings, section
 * 'Einrichtung'); the link only for users who may open them.
 */
export function FacilityHint() {
  const mayEdit = hasRight(useSettings().data?.user.rechte ?? [], facilityEditing.right);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="facility-hint">
      {facilityEditing.hint}{' '}
      {mayEdit && (
        <Link component={RouterLink} to={facilityEditing.path}>
          {facilityEditing.link}
        </Link>
      )}
    </Typography>
  );
}
