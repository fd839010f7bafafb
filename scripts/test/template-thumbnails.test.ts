/**
 * The committed page thumbnails of the template catalogue (spec 000 §3 "Cloneable template" `pageImages`;
 * `web/public/template-thumbnails/`, drawn by `npm run render:thumbnails`) are up to date: every template has a
 * manifest entry with its current hash and every image of every step in the three sizes, and nothing is left of
 * templates no longer in the catalogue. Also: the check itself notices each kind of staleness, on a copy.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_THUMBNAIL_SIZES, templateThumbnailHash, templateThumbnailSteps } from '@formloom/contracts/rules/template-thumbnails';
import { findCatalogueTemplate, TEMPLATE_CATALOGUE, type CatalogueTemplate } from '@formloom/contracts/templates/catalogue';
import { jpegSize, MANIFEST_FILE, RENDER_COMMAND, thumbnailFile, thumbnailProblems, THUMBNAILS_DIR } from '../src/render-template-thumbnails';

test(`the template thumbnails are up to date (run \`${RENDER_COMMAND}\`)`, () => {
  const problems = thumbnailProblems().map(({ slug, problem }) => `${slug}: ${problem}`);
  if (problems.length > 0) {
    throw new Error(
      `The committed template thumbnails (web/public/template-thumbnails) are stale — run \`${RENDER_COMMAND}\` and commit the result:\n  ${problems.join('\n  ')}`,
    );
  }
});

describe('the staleness check', () => {
  const slug = TEMPLATE_CATALOGUE[0]!.slug;
  let dir: string;
  let entry: CatalogueTemplate;

  /** A copy of the committed thumbnails of the first template only, with a manifest of it alone. */
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'formloom-thumbnails-'));
    entry = findCatalogueTemplate(slug)!;
    cpSync(path.join(THUMBNAILS_DIR, slug), path.join(dir, slug), { recursive: true });
    writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ [slug]: templateThumbnailHash(entry) }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds nothing wrong with an up-to-date template', () => {
    expect(thumbnailProblems(dir, [entry])).toEqual([]);
  });

  it('notices a changed template (stale hash)', () => {
    const changed = { ...entry, name: `${entry.name} (new)` };
    expect(thumbnailProblems(dir, [changed])).toEqual([{ slug, problem: expect.stringMatching(/^stale: /) }]);
  });

  it('notices a template without a manifest entry, and a manifest entry or folder of a slug not in the catalogue', () => {
    writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ 'gone-template': 'ffffffffffffffff' }));
    cpSync(path.join(dir, slug), path.join(dir, 'gone-template'), { recursive: true });
    expect(thumbnailProblems(dir, [entry])).toEqual([
      { slug, problem: 'no manifest entry' },
      { slug: 'gone-template', problem: 'in the manifest but not in the catalogue' },
      { slug: 'gone-template', problem: 'a folder of a slug not in the catalogue' },
    ]);
  });

  it('notices a missing image, an image of the wrong size, and a file that is none of the images', () => {
    const [first, second] = templateThumbnailSteps(entry.template);
    rmSync(path.join(dir, thumbnailFile(slug, first!.stepId, 'medium')));
    cpSync(path.join(dir, thumbnailFile(slug, second!.stepId, 'large')), path.join(dir, thumbnailFile(slug, second!.stepId, 'small')));
    writeFileSync(path.join(dir, slug, 'old-page-large.jpg'), '');
    expect(thumbnailProblems(dir, [entry])).toEqual([
      { slug, problem: `missing ${thumbnailFile(slug, first!.stepId, 'medium')}` },
      { slug, problem: `${thumbnailFile(slug, second!.stepId, 'small')} is 1000x625, not 440x275` },
      { slug, problem: `${path.join(slug, 'old-page-large.jpg')} is none of the template's images` },
    ]);
  });
});

describe('jpegSize', () => {
  it('reads each committed size from its image’s frame header', () => {
    const [step] = templateThumbnailSteps(TEMPLATE_CATALOGUE[0]!.template);
    for (const size of ['small', 'medium', 'large'] as const) {
      const image = readFileSync(path.join(THUMBNAILS_DIR, thumbnailFile(TEMPLATE_CATALOGUE[0]!.slug, step!.stepId, size)));
      expect(jpegSize(image)).toEqual(TEMPLATE_THUMBNAIL_SIZES[size]);
    }
  });

  it('is null for what is not a JPEG image, or is cut before its frame header', () => {
    expect(jpegSize(Buffer.from('not an image'))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01]))).toBeNull();
  });

  it('reads a baseline frame header after an APP0 segment', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x9d, 0x02, 0x94, 0x03];
    expect(jpegSize(new Uint8Array([0xff, 0xd8, ...app0, ...sof0]))).toEqual({ width: 660, height: 413 });
  });
});
