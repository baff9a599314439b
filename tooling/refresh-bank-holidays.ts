/**
 * `npm run holidays:refresh [saved-feed.json]`: replaces the delivery module's bank holidays with
 * gov.uk's published feed (https://www.gov.uk/bank-holidays.json, England and Wales, Scotland and
 * Northern Ireland), recording where and when it was copied (decision 0024). With a file argument
 * it reads a copy of the feed saved by hand, for a machine that cannot reach gov.uk. The feed is
 * checked as the API reads it before anything is written; then run the delivery tests and commit.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bankHolidayWarning, parseBankHolidays } from '../apps/api/src/modules/delivery/bank-holidays.ts';

const FEED_URL = 'https://www.gov.uk/bank-holidays.json';
const target = fileURLToPath(new URL('../apps/api/src/modules/delivery/bank-holidays.json', import.meta.url));

const saved = process.argv[2];
const text = saved
  ? fs.readFileSync(saved, 'utf8')
  : await fetch(FEED_URL, { headers: { accept: 'application/json' } }).then(
      (response) => {
        if (!response.ok) throw new Error(`${FEED_URL} answered ${response.status}`);
        return response.text();
      },
      (error: unknown) => {
        process.stderr.write(`Could not reach ${FEED_URL} (${String(error)}). Save it from a browser and pass the file's path.\n`);
        process.exit(1);
      },
    );

const today = new Date().toISOString().slice(0, 10);
const file = {
  source: FEED_URL,
  copiedOn: today,
  how: saved ? `gov.uk's feed as saved by hand and read by tooling/refresh-bank-holidays.ts` : 'Downloaded by tooling/refresh-bank-holidays.ts',
  divisions: JSON.parse(text),
};
const list = parseBankHolidays(file);
fs.writeFileSync(target, `${JSON.stringify(file, null, 2)}\n`);
process.stdout.write(`Bank holidays from ${FEED_URL} written to ${target}: listed until ${list.listedUntil}.\n`);
const warning = bankHolidayWarning(today, list);
if (warning) process.stdout.write(`Still less than a year ahead: gov.uk has not published the next year yet.\n`);
