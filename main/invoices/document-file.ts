// A document's file name, and where "Open PDF" writes it. Numbers are per profile (INV-000001 on
// the practice profile, on a sandbox and on production are three documents), so `${number}.pdf`
// gave the practice invoice and the live one the same name: saved to one folder, one replaced the
// other, and "Open PDF" wrote each over the other in Paydesk's own folder. The name now says the
// environment and profile of a test document, and a production one's profile when another
// production profile's document has that number; a laptop's copied series is named too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type FileNameParts = {
  number: string;
  /** The payment's environment (as the document's test mark): production's documents keep the bare number. */
  environment: 'practice' | 'sandbox' | 'production' | string;
  profileName?: string;
  /** Another production document has this number (another profile's series): the profile is named. */
  numberShared?: boolean;
  /** The team ledger's copy of a laptop's series (`issued_on_laptop`). */
  laptop?: string | null;
};

const longest = 60;

/**
 * Text safe in a file name on Windows, macOS and Linux: no control or format characters (bidi
 * marks and isolates included, which would reorder the name in a file list), none of `<>:"/\|?*`,
 * spaces collapsed, at most 60 characters, no trailing dot or space. Arabic letters stay as they are.
 */
export function fileNamePart(text: string): string {
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/[<>:"/\\|?*]/g, ' ').replace(/ +/g, ' ').trim();
  return [...clean].slice(0, longest).join('').replace(/[. ]+$/, '');
}

/** `INV-000001.pdf`; `INV-000001 (practice).pdf`, `INV-000001 (sandbox, Shop).pdf`, `INV-000001 (Shop two).pdf`. */
export function documentFileName(parts: FileNameParts): string {
  const test = parts.environment !== 'production';
  const name = parts.profileName ? fileNamePart(parts.profileName) : '';
  // The practice profile is called "Practice": said once.
  const named = name && name.toLocaleLowerCase() !== parts.environment.toLocaleLowerCase() && (test || parts.numberShared) ? name : '';
  const laptop = parts.laptop ? fileNamePart(`laptop ${parts.laptop}`) : '';
  const said = [test ? fileNamePart(parts.environment) : '', named, laptop].filter(Boolean);
  return said.length ? `${parts.number} (${said.join(', ')}).pdf` : `${parts.number}.pdf`;
}

/**
 * Writes a document for the system's viewer under `folder`, in a folder of its own (the document's
 * id), so a file there is only ever replaced by a newer drawing of the same document, whatever
 * two profiles are named. Returns the file's path.
 */
export function writeForViewer(folder: string, documentId: string, fileName: string, pdf: Uint8Array): string {
  const own = join(folder, fileNamePart(documentId) || 'document');
  mkdirSync(own, { recursive: true, mode: 0o700 });
  const file = join(own, fileName);
  writeFileSync(file, pdf, { mode: 0o600 });
  return file;
}
