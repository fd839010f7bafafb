/**
 * Line icons of the signed-in app only (the home pages, the flow menu), drawn as `icons.tsx` draws its own. They live
 * apart because `icons.tsx` is shared with the public form, whose bundle carries that whole module
 * (web/test/bundle-size.test.ts): an icon the form never shows is added here.
 */
import { icon } from './icons';

export const IconHome = icon(['M4 11l8-7 8 7', 'M6 9.5V20h12V9.5', 'M10 20v-5h4v5'], 'IconHome');
export const IconHistory = icon(['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M12 8v4l3 2'], 'IconHistory');
export const IconList = icon(['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6h.01', 'M4.5 12h.01', 'M4.5 18h.01'], 'IconList');
export const IconGrid = icon(['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h6v6h-6z'], 'IconGrid');
export const IconPlug = icon(['M9 2v6', 'M15 2v6', 'M6 8h12v4a6 6 0 0 1-12 0z', 'M12 18v4'], 'IconPlug');
export const IconRestore = icon(['M4 12a8 8 0 1 0 2.3-5.6', 'M4 4v4h4'], 'IconRestore');
export const IconFolderMove = icon(
  ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M10 13h6', 'M13.5 10.5L16 13l-2.5 2.5'],
  'IconFolderMove',
);
export const IconQuiz = icon(['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z', 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6', 'M12 17h.01'], 'IconQuiz');
export const IconSearch = icon(['M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14z', 'M20 20l-4-4'], 'IconSearch');
export const IconUserPlus = icon(['M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M3 21a7 7 0 0 1 11.5-5.4', 'M19 14v6', 'M16 17h6'], 'IconUserPlus');
export const IconTemplate = icon(['M4 4h16v6H4z', 'M4 14h7v6H4z', 'M15 14h5', 'M15 18h5'], 'IconTemplate');
export const IconSwitch = icon(['M4 7h13', 'M14 4l3 3-3 3', 'M20 17H7', 'M10 14l-3 3 3 3'], 'IconSwitch');
export const IconBuilding = icon(['M4 21V5l8-2v18', 'M12 8l8 2v11', 'M3 21h18', 'M8 8h.01', 'M8 12h.01', 'M8 16h.01', 'M16 13h.01', 'M16 17h.01'], 'IconBuilding');
export const IconUserMinus = icon(['M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M3 21a7 7 0 0 1 11.5-5.4', 'M16 17h6'], 'IconUserMinus');
export const IconShield = icon(['M12 3l7 3v6c0 4.5-3 7.5-7 9c-4-1.5-7-4.5-7-9V6z'], 'IconShield');
