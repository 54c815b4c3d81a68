import Box from '@mui/material/Box';
import { publicPages } from '@hortus/contract/login-route';

/**
 * Links to the public pages (privacy notice, accessibility statement): under the login form and in the app's
 * footer. Plain links: the page loads anew and the root shows the page without the app. Plain anchors, not
 * MUI's Link (its Typography would add ~4 KB to the login route).
 */
export function LegalLinks({ label }: { label: string }) {
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap', py: 1.5 }}
    >
      {Object.values(publicPages).map((page) => (
        <Box
          component="a"
          key={page.path}
          href={page.path}
          sx={{ color: 'inherit', textDecoration: 'underline', py: 0.5, typography: 'body2' }}
        >
          {page.label}
        </Box>
      ))}
    </Box>
  );
}
