import { Fragment } from 'react';
import Link from '@mui/material/Link';
import { linkParts } from './link-parts';

/**
 * A plain text with its web and mail addresses as links (new tab, rel="noopener noreferrer"); everything
 * else stays text, so no markup in the text is ever interpreted.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}
