/** The app's URLs (src/config/paths.ts): built once, encoded, and `?redirect=` never leaves the site. */
import { paths, safeRedirectTarget } from '../../src/config/paths';

it('builds every route URL from its parameters, encoded', () => {
  expect(paths.home.getHref()).toBe('/home');
  expect(paths.workspace.getHref('12-sales-marketing')).toBe('/home/12-sales-marketing');
  expect(paths.editor.getHref('abc123')).toBe('/editor/abc123/edit');
  expect(paths.editor.getHref('abc123', 'results')).toBe('/editor/abc123/results');
  expect(paths.editor.tabPath('share')).toBe('/editor/:flowPublicIdentifier/share');
  expect(paths.publicForm.getHref('a/b?c')).toBe('/t/a%2Fb%3Fc');
  expect(paths.publicForm.getUrl('abc123', 'https://forms.example')).toBe('https://forms.example/t/abc123');
  expect(paths.login.getHref()).toBe('/login');
  expect(paths.login.getHref('/editor/abc/share?x=1')).toBe('/login?redirect=%2Feditor%2Fabc%2Fshare%3Fx%3D1');
  expect(paths.signup.getHref('/home')).toBe('/signup?redirect=%2Fhome');
});

it('accepts a same-site path as the place to go after sign-in', () => {
  expect(safeRedirectTarget('/editor/abc/share?x=1#top')).toBe('/editor/abc/share?x=1#top');
  expect(safeRedirectTarget('/home/../editor/abc/edit')).toBe('/editor/abc/edit');
});

it.each([null, '', 'home', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
  'falls back to /home for %p',
  (target) => {
    expect(safeRedirectTarget(target)).toBe('/home');
  },
);
