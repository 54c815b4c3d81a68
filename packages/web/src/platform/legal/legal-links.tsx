import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { publicPages } from '@hortus/contract/login-route';

/**
 * Links to the public pages (privacy notice, accessibility statement): under the login form and in the app's
 * footer. Plain links: the page loads anew and the root shows the page without the app.
 */
export function LegalLinks({ label }: { label: string }) {
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap', py: 1.5 }}
    >
      {Object.values(publicPages).map((page) => (
        <Link key={page.path} href={page.path} color="inherit" sx={{ py: 0.5 }}>
          {page.label}
        </Link>
      ))}
    </Box>
  );
}
