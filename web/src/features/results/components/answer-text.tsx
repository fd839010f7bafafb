/**
 * An answer's text in the Results table, with the links the flows service writes into the texts of uploaded files
 * ('cv.pdf (https://forms.example.com/admin/flows/<form>/uploads/<id>)', contracts `answers/shared/uploads.ts`)
 * made clickable: a file's name becomes the link to its download. Only links to this app's own file downloads
 * (same origin, `/admin/flows/…/uploads/…`) become links; any other text — a respondent's own URL included — stays
 * plain text.
 */
import { Anchor } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/** `<name> (<url>)` as the file texts write it. */
const FILE_LINK = /([^,]*?) \((https?:\/\/[^\s()]+\/admin\/flows\/[^/\s()]+\/uploads\/[0-9a-f-]{36})\)/g;

/** The path of `url` when it is one of this app's file downloads, else null. */
function ownDownload(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === window.location.origin ? parsed.pathname : null;
  } catch {
    return null;
  }
}

/** `text`, with each of this app's file links as an anchor on the file's name (downloaded with the session). */
export function AnswerText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(FILE_LINK)) {
    const [whole, name = '', url = ''] = match;
    const path = ownDownload(url);
    if (!path) continue;
    const start = match.index ?? 0;
    const leading = name.match(/^\s*/)?.[0] ?? '';
    parts.push(text.slice(last, start) + leading);
    parts.push(
      <Anchor key={start} href={path} download fz="sm">
        {name.trim()}
      </Anchor>,
    );
    last = start + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
