import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

export interface NoticeProps {
  severity: 'error' | 'warning' | 'info' | 'success';
  title?: string;
  children: ReactNode;
  square?: boolean;
  'data-testid'?: string;
}

/** An inline message box (lighter than MUI Alert, so the login route stays small). */
export function Notice({ severity, title, children, square, 'data-testid': testId }: NoticeProps) {
  return (
    <Box
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderLeft: 4,
        borderColor: theme.palette[severity].main,
        borderRadius: square ? 0 : 1,
        bgcolor: alpha(theme.palette[severity].main, theme.palette.mode === 'dark' ? 0.2 : 0.1),
        color: theme.palette.mode === 'dark' ? theme.palette[severity].light : theme.palette[severity].dark,
      })}
    >
      {title && (
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      )}
      <Typography component="div" variant="body2">
        {children}
      </Typography>
    </Box>
  );
}
