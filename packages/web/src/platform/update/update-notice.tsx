import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { API_VERSION, messages } from '@hortus/contract';

/** Shows a notice when the server speaks another API version than the running app was built for. */
export function UpdateNotice({ serverVersion }: { serverVersion: string | undefined }) {
  const open = serverVersion !== undefined && serverVersion !== '' && serverVersion !== API_VERSION;
  return (
    <Snackbar
      open={open}
      message={messages.updateAvailable}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={() => location.reload()}>
          Neu laden
        </Button>
      }
    />
  );
}
