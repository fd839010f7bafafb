/**
 * Form themes on the real service (in-memory PGlite, the local file storage in a temporary directory; spec 000 §2
 * choose_theme, §3, §7; spec 001 §3 "Theme"): an organization's themes — created, listed, named uniquely (also when two
 * 'AI Theme' are made at once), changed and deleted only by their creator or an admin, never seen by another
 * organization; a design generated from an image's palette (a PNG made here, pixel by pixel); theme images uploaded and
 * served to anyone; and the theme a flow is drawn with — chosen at creation or later, copied with the flow, resolved in
 * the public form, gone with its theme.
 */
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { colord } from 'colord';
import * as copy from '@formloom/contracts/copy';
import type { ResolvedTheme, Theme, ThemeDefinition } from '@formloom/contracts/entities/theme';
import { THEME_IMAGE_MAX_BYTES, THEMES_PER_ORGANIZATION_MAX } from '@formloom/contracts/limits';
import { FEATURED_THEMES, themeLook } from '@formloom/contracts/rules/themes';
import { createFlow, exampleTemplate, setup, WS, type FlowJson, type Harness, type UserKey } from './helpers';

let h: Harness;
/** An admin of organization 1 (the writer's and the reader's), who did not make the writer's themes. */
let admin: { authorization: string };
beforeAll(async () => {
  h = await setup();
  admin = await h.issuer.headers({ id: 9, organizationId: 1, isAdmin: true, workspaces: { [WS.main]: 'write' } });
});
afterAll(async () => {
  await h.service.close();
});

type Headers = { authorization: string };
/** A user of {@link Harness.headers} or other headers. */
type Caller = UserKey | Headers;

function inject(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, caller?: Caller, payload?: unknown) {
  const headers = caller === undefined ? undefined : typeof caller === 'string' ? h.headers[caller] : caller;
  return h.service.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A design of ours (a blue one), as a caller sends it. */
function design(primary = '#2255cc'): ThemeDefinition {
  return { ...FEATURED_THEMES.plain, colors: { ...FEATURED_THEMES.plain.colors, primary } };
}

function create(body: Record<string, unknown>, caller: Caller = 'writer') {
  return inject('POST', '/admin/themes/create', caller, { theme: design(), ...body });
}

/** Creates a theme (fails the test unless 201) and returns it. */
async function created(name: string, caller: Caller = 'writer', body: Record<string, unknown> = {}): Promise<Theme> {
  const response = await create({ name, ...body }, caller);
  expect(response.statusCode).toBe(201);
  return response.json<{ theme: Theme }>().theme;
}

async function list(caller: Caller = 'writer'): Promise<Theme[]> {
  const response = await inject('GET', '/admin/themes', caller);
  expect(response.statusCode).toBe(200);
  return response.json<{ themes: Theme[] }>().themes;
}

function publicTemplate(publicIdentifier: string, mode: 'live' | 'edit' = 'live') {
  return inject('GET', `/public/flows/templates/${publicIdentifier}?mode=${mode}`, mode === 'edit' ? 'writer' : undefined);
}

async function publicTheme(publicIdentifier: string, mode: 'live' | 'edit' = 'live'): Promise<ResolvedTheme | null> {
  const response = await publicTemplate(publicIdentifier, mode);
  expect(response.statusCode).toBe(200);
  return response.json<{ theme: { theme: ResolvedTheme | null } }>().theme.theme;
}

function setTheme(publicIdentifier: string, theme: string | null, caller: Caller = 'writer') {
  return inject('PUT', `/admin/flows/${publicIdentifier}/theme`, caller, { theme });
}

/** A flow as the service returns it, with its theme columns. */
type ThemedFlow = FlowJson & { featuredThemeId: string | null; themePublicId: string | null };

/** A published example form of the writer. */
async function publishedForm(body: Record<string, unknown> = {}): Promise<ThemedFlow> {
  const flow = await createFlow(h, { flowTemplate: exampleTemplate(), ...body });
  expect((await inject('POST', `/admin/flows/${flow.publicIdentifier}/publish`, 'writer')).statusCode).toBe(200);
  return flow as ThemedFlow;
}

/** A PNG (8-bit RGB, no interlace) of `width` × `height` whose pixel at (x, y) is `pixel(x, y)`, made by hand. */
function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter type 0, then RGB
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A 32 × 32 picture, mostly red with a cream stripe. */
const redPicture = png(32, 32, (x) => (x < 26 ? [214, 24, 32] : [250, 242, 228]));

function dataUrl(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

function generate(imageUrl: string, caller: Caller = 'writer') {
  return inject('POST', '/admin/themes/generate', caller, { imageUrl });
}

/** `POST /admin/themes/images` with one file part. */
function uploadImage(content: Buffer, name: string, caller: Caller = 'writer') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), name);
  const headers = typeof caller === 'string' ? h.headers[caller] : caller;
  return h.service.app.inject({ method: 'POST', url: '/admin/themes/images', headers, payload: form });
}

describe('an organization’s themes', () => {
  it('are created with a public id and listed, the last changed first; another organization sees none of them', async () => {
    const ocean = await created('  Ocean  ');
    expect(ocean).toEqual({
      publicIdentifier: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      name: 'Ocean',
      theme: design(),
      createdBy: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const forest = await created('Forest');
    const names = (await list()).map(({ name }) => name);
    expect(names.indexOf('Forest')).toBeLessThan(names.indexOf('Ocean'));
    expect((await list('reader')).map(({ publicIdentifier }) => publicIdentifier)).toEqual(expect.arrayContaining([ocean.publicIdentifier, forest.publicIdentifier]));
    expect((await list('outsider')).map(({ publicIdentifier }) => publicIdentifier)).not.toContain(ocean.publicIdentifier);
  });

  it("numbers a taken name with makeNameUnique ('AI Theme (2)') and refuses it without (409, any case)", async () => {
    const first = await created(copy.themes.aiThemeName, 'writer', { makeNameUnique: true });
    const second = await created(copy.themes.aiThemeName, 'writer', { makeNameUnique: true });
    expect([first.name, second.name]).toEqual(['AI Theme', 'AI Theme (2)']);

    const taken = await create({ name: 'ai theme' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'conflict', message: copy.themes.nameTaken('ai theme') });
    // Another organization has its own names.
    expect((await created('AI Theme', 'outsider')).name).toBe('AI Theme');
  });

  it("gives two 'AI Theme' made at once different names", async () => {
    const caller = await h.issuer.headers({ id: 20, organizationId: 20, workspaces: {} });
    const responses = await Promise.all([1, 2, 3].map(() => create({ name: 'AI Theme', makeNameUnique: true }, caller)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(responses.map((response) => response.json<{ theme: Theme }>().theme.name).sort()).toEqual(['AI Theme', 'AI Theme (2)', 'AI Theme (3)']);
  });

  it('refuses a blank name and a design out of range (400)', async () => {
    const blank = await create({ name: '   ' });
    expect(blank.statusCode).toBe(400);
    const badColour = await create({ name: 'Bad', theme: { ...design(), colors: { ...design().colors, primary: 'red' } } });
    expect(badColour.statusCode).toBe(400);
    const dataImage = await create({ name: 'Bad logo', theme: { ...design(), logoUrl: 'data:image/png;base64,AAAA' } });
    expect(dataImage.statusCode).toBe(400);
  });

  it(`keeps at most ${THEMES_PER_ORGANIZATION_MAX} themes per organization (400)`, async () => {
    const caller = await h.issuer.headers({ id: 21, organizationId: 21, workspaces: {} });
    await h.service.ctx.db.execute(sql`
      INSERT INTO themes (public_identifier, organization_id, name, name_key, definition, created_by)
      SELECT 'full' || n, 21, 'Theme ' || n, 'theme ' || n, ${JSON.stringify(design())}::jsonb, 21
        FROM generate_series(1, ${THEMES_PER_ORGANIZATION_MAX}::int) AS n`);
    const response = await create({ name: 'One more' }, caller);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(copy.themes.tooMany(THEMES_PER_ORGANIZATION_MAX));
  });
});

describe('changing and deleting a theme', () => {
  it('is for its creator or an admin (403 otherwise); another organization gets 404', async () => {
    const theme = await created('Sunset');
    const url = `/admin/themes/${theme.publicIdentifier}`;

    const byReader = await inject('PATCH', url, 'reader', { name: 'Mine' });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error.message).toBe(copy.themes.notYours);
    expect((await inject('DELETE', url, 'reader')).statusCode).toBe(403);

    for (const response of [await inject('PATCH', url, 'outsider', { name: 'Mine' }), await inject('DELETE', url, 'outsider')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(copy.themes.notFound);
    }

    const renamed = await inject('PATCH', url, 'writer', { name: 'Dusk', theme: design('#aa3300') });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().theme).toMatchObject({ name: 'Dusk', theme: { colors: { primary: '#aa3300' } } });
    expect((await inject('PATCH', url, admin, { name: 'DUSK' })).json().theme.name).toBe('DUSK');
    expect((await list())[0]?.publicIdentifier).toBe(theme.publicIdentifier);

    await created('Dawn');
    const clash = await inject('PATCH', url, 'writer', { name: 'dawn' });
    expect(clash.statusCode).toBe(409);
    expect((await inject('PATCH', url, 'writer', {})).statusCode).toBe(400);

    expect((await inject('DELETE', url, admin)).json()).toEqual({ deleted: true });
    expect((await inject('DELETE', url, 'writer')).statusCode).toBe(404);
    expect((await list()).map(({ publicIdentifier }) => publicIdentifier)).not.toContain(theme.publicIdentifier);
  });
});

describe('POST /admin/themes/generate', () => {
  it('reads a mostly red picture into a design whose primary colour is red', async () => {
    const response = await generate(dataUrl(redPicture));
    expect(response.statusCode).toBe(200);
    const theme = response.json<{ theme: ThemeDefinition }>().theme;
    const { h: hue, s: saturation } = colord(theme.colors.primary).toHsl();
    expect(hue < 15 || hue > 345).toBe(true);
    expect(saturation).toBeGreaterThan(50);
    // The design is one `POST /admin/themes/create` takes.
    expect((await create({ name: 'From the picture', theme })).statusCode).toBe(201);
  });

  it('answers 400 for bytes that are no image it can read, never a 500', async () => {
    const truncated = redPicture.subarray(0, 40);
    const huge = png(1, 1, () => [0, 0, 0]);
    // IHDR's width and height: a 100,000 × 100,000 picture in a few bytes (a decompression bomb), refused before decoding.
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    for (const imageUrl of [
      dataUrl(Buffer.from('this is not a picture at all')),
      'data:image/png;base64,AAAAAAAAAAAA',
      dataUrl(truncated),
      dataUrl(huge),
      dataUrl(Buffer.from('GIF89a')),
      dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xd9]), 'image/jpeg'),
    ]) {
      const response = await generate(imageUrl);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_error', message: copy.themes.imageUnreadable });
    }
    const elsewhere = await generate('https://example.com/picture.png');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.details).toEqual([{ path: 'body.imageUrl', message: copy.themes.imageTypes }]);
  });

  it('reads an image uploaded for a theme of the caller’s organization only', async () => {
    const { url } = (await uploadImage(redPicture, 'red.png')).json<{ url: string }>();
    expect((await generate(url)).statusCode).toBe(200);
    expect((await generate(url, 'outsider')).statusCode).toBe(400);
    expect((await generate('/public/themes/images/00000000-0000-7000-8000-000000000000')).statusCode).toBe(400);
  });
});

describe('theme images', () => {
  it('are stored for any member and served to anyone as their type, with nosniff, a sandbox and a year of cache', async () => {
    const response = await uploadImage(redPicture, 'logo.txt', 'reader');
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json<{ id: string; url: string }>();
    expect(url).toBe(`/public/themes/images/${id}`);

    const served = await inject('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(redPicture.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served.rawPayload.equals(redPicture)).toBe(true);
    // The address is one a theme takes.
    expect((await create({ name: 'With a logo', theme: { ...design(), logoUrl: url, backgroundImageUrl: url } })).statusCode).toBe(201);
    expect((await inject('GET', '/public/themes/images/00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a file of another type (415), an empty one (400), one too large (413) and an anonymous caller (401)', async () => {
    const text = await uploadImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(copy.themes.imageTypes);
    expect((await uploadImage(Buffer.alloc(0), 'empty.png')).statusCode).toBe(400);
    const large = Buffer.concat([redPicture, Buffer.alloc(THEME_IMAGE_MAX_BYTES)]);
    const tooLarge = await uploadImage(large, 'large.png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(copy.uploads.fileTooLarge('5 MB'));
    const form = new FormData();
    form.append('file', new Blob([redPicture]), 'a.png');
    expect((await h.service.app.inject({ method: 'POST', url: '/admin/themes/images', payload: form })).statusCode).toBe(401);
  });
});

describe('a flow’s theme', () => {
  it('is chosen at creation: a featured id, an organization theme’s public id, or 400 for any other', async () => {
    const dark = (await createFlow(h, { theme: 'dark' })) as ThemedFlow;
    expect(dark).toMatchObject({ featuredThemeId: 'dark', themePublicId: null });
    const plain = (await createFlow(h)) as ThemedFlow;
    expect(plain).toMatchObject({ featuredThemeId: null, themePublicId: null });

    const ours = await created('Company colours');
    const withOurs = (await createFlow(h, { theme: ours.publicIdentifier })) as ThemedFlow;
    expect(withOurs).toMatchObject({ featuredThemeId: null, themePublicId: ours.publicIdentifier });

    const theirs = await created('Their colours', 'outsider');
    for (const theme of ['nope', theirs.publicIdentifier]) {
      const response = await inject('POST', '/admin/flows', 'writer', { workspaceId: WS.main, theme });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message: copy.themes.unknownTheme, details: [{ path: 'body.theme', message: copy.themes.unknownTheme }] });
    }
  });

  it('is set with PUT …/theme (one column, the other cleared) and resolved in the public form, live and in edit mode', async () => {
    const flow = await publishedForm({ theme: 'dark' });
    expect(await publicTheme(flow.publicIdentifier)).toEqual({
      featuredThemeId: 'dark',
      themePublicId: null,
      name: 'Dark',
      theme: FEATURED_THEMES.dark,
      look: themeLook(FEATURED_THEMES.dark),
    });

    const ours = await created('Brand', 'writer', { theme: design('#118844') });
    const response = await setTheme(flow.publicIdentifier, ours.publicIdentifier);
    expect(response.statusCode).toBe(200);
    const resolved: ResolvedTheme = {
      featuredThemeId: null,
      themePublicId: ours.publicIdentifier,
      name: 'Brand',
      theme: design('#118844'),
      look: themeLook(design('#118844')),
    };
    expect(response.json()).toMatchObject({ flow: { featuredThemeId: null, themePublicId: ours.publicIdentifier }, theme: resolved });
    expect(await publicTheme(flow.publicIdentifier)).toEqual(resolved);
    expect(await publicTheme(flow.publicIdentifier, 'edit')).toEqual(resolved);
    const fetched = await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`, 'writer');
    expect(fetched.json().flow).toMatchObject({ featuredThemeId: null, themePublicId: ours.publicIdentifier });

    // A change of the theme shows at once; so does its deletion (the default look, and the flow names no theme).
    await inject('PATCH', `/admin/themes/${ours.publicIdentifier}`, 'writer', { name: 'Brand 2', theme: design('#881144') });
    expect(await publicTheme(flow.publicIdentifier)).toMatchObject({ name: 'Brand 2', theme: { colors: { primary: '#881144' } } });
    expect((await inject('DELETE', `/admin/themes/${ours.publicIdentifier}`, 'writer')).statusCode).toBe(200);
    expect(await publicTheme(flow.publicIdentifier)).toBeNull();
    expect((await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`, 'writer')).json().flow).toMatchObject({ featuredThemeId: null, themePublicId: null });

    const back = await setTheme(flow.publicIdentifier, 'serene');
    expect(back.json()).toMatchObject({ flow: { featuredThemeId: 'serene', themePublicId: null }, theme: { name: 'Serene', theme: FEATURED_THEMES.serene } });
    const none = await setTheme(flow.publicIdentifier, null);
    expect(none.json()).toMatchObject({ flow: { featuredThemeId: null, themePublicId: null }, theme: null });
    expect(await publicTheme(flow.publicIdentifier)).toBeNull();
  });

  it('needs write access to the flow’s workspace and a theme of its organization', async () => {
    const flow = await publishedForm();
    expect((await setTheme(flow.publicIdentifier, 'dark', 'reader')).statusCode).toBe(403);
    expect((await setTheme(flow.publicIdentifier, 'dark', 'outsider')).statusCode).toBe(404);
    const theirs = await created('Not yours', 'outsider');
    const refused = await setTheme(flow.publicIdentifier, theirs.publicIdentifier);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(copy.themes.unknownTheme);
    expect((await setTheme(flow.publicIdentifier, 'nope')).statusCode).toBe(400);
    expect((await setTheme('unknown12345', 'dark')).statusCode).toBe(404);
  });

  it('is kept by a duplicate', async () => {
    const ours = await created('Copied along');
    const flow = (await createFlow(h, { theme: ours.publicIdentifier })) as ThemedFlow;
    const duplicate = await inject('POST', `/admin/flows/${flow.publicIdentifier}/duplicate`, 'writer');
    expect(duplicate.statusCode).toBe(201);
    expect(duplicate.json().flow).toMatchObject({ featuredThemeId: null, themePublicId: ours.publicIdentifier });
    const featured = (await createFlow(h, { theme: 'coral' })) as ThemedFlow;
    const featuredCopy = await inject('POST', `/admin/flows/${featured.publicIdentifier}/duplicate`, 'writer');
    expect(featuredCopy.json().flow).toMatchObject({ featuredThemeId: 'coral', themePublicId: null });
  });
});
