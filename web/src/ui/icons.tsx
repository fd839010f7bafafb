/**
 * The few line icons the app uses, drawn inline (24×24, stroke = currentColor) so no icon package is needed.
 * Icons are decorative (`aria-hidden`); the control around an icon carries the accessible name.
 */
import type { SVGProps } from 'react';

/** An icon's props: an SVG's, and its `size` (px, default 18). */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * A line icon of `paths` (SVG path data on the 24×24 grid) named `displayName` (React DevTools); see the module doc.
 * Icons the public form never shows belong in `app-icons.tsx`: this module is shared with the form's bundle.
 */
export function icon(paths: string[], displayName: string) {
  function Icon({ size = 18, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const IconPlus = /* @__PURE__ */ icon(['M12 5v14', 'M5 12h14'], 'IconPlus');
export const IconTrash = /* @__PURE__ */ icon(['M4 7h16', 'M10 11v6', 'M14 11v6', 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12', 'M9 7V4h6v3'], 'IconTrash');
export const IconGrip = /* @__PURE__ */ icon(['M9 5h.01', 'M9 12h.01', 'M9 19h.01', 'M15 5h.01', 'M15 12h.01', 'M15 19h.01'], 'IconGrip');
export const IconChevronUp = /* @__PURE__ */ icon(['M6 15l6-6 6 6'], 'IconChevronUp');
export const IconChevronDown = /* @__PURE__ */ icon(['M6 9l6 6 6-6'], 'IconChevronDown');
export const IconChevronLeft = /* @__PURE__ */ icon(['M15 6l-6 6 6 6'], 'IconChevronLeft');
export const IconChevronRight = /* @__PURE__ */ icon(['M9 6l6 6-6 6'], 'IconChevronRight');
export const IconCopy = /* @__PURE__ */ icon(['M8 8h11v11H8z', 'M16 8V5H5v11h3'], 'IconCopy');
export const IconCheck = /* @__PURE__ */ icon(['M5 12l5 5L20 7'], 'IconCheck');
export const IconExternal = /* @__PURE__ */ icon(['M14 4h6v6', 'M20 4l-9 9', 'M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5'], 'IconExternal');
export const IconForm = /* @__PURE__ */ icon(['M6 3h9l4 4v14H6z', 'M9 12h7', 'M9 16h7', 'M9 8h3'], 'IconForm');
export const IconInbox = /* @__PURE__ */ icon(['M4 13h4l2 3h4l2-3h4', 'M4 13l3-8h10l3 8v6H4z'], 'IconInbox');
export const IconMail = /* @__PURE__ */ icon(['M3 6h18v12H3z', 'M3 7l9 6 9-6'], 'IconMail');
export const IconAlert = /* @__PURE__ */ icon(['M12 9v4', 'M12 17h.01', 'M10.3 3.9L2.6 18a2 2 0 0 0 1.7 3h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z'], 'IconAlert');
export const IconLock = /* @__PURE__ */ icon(['M6 11h12v10H6z', 'M8 11V7a4 4 0 0 1 8 0v4'], 'IconLock');
export const IconLink = /* @__PURE__ */ icon(['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'], 'IconLink');
export const IconFolder = /* @__PURE__ */ icon(['M3 6h6l2 2h10v11H3z'], 'IconFolder');
export const IconEye = /* @__PURE__ */ icon(['M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z'], 'IconEye');
export const IconSend = /* @__PURE__ */ icon(['M22 2L11 13', 'M22 2l-7 20-4-9-9-4z'], 'IconSend');
export const IconFlag = /* @__PURE__ */ icon(['M5 21V4', 'M5 4c4-2 8 2 13 0v9c-5 2-9-2-13 0'], 'IconFlag');
export const IconLogout = /* @__PURE__ */ icon(['M15 4h4v16h-4', 'M10 17l5-5-5-5', 'M15 12H3'], 'IconLogout');
export const IconDots = /* @__PURE__ */ icon(['M5 12h.01', 'M12 12h.01', 'M19 12h.01'], 'IconDots');
export const IconDownload = /* @__PURE__ */ icon(['M12 4v11', 'M7 10l5 5 5-5', 'M5 20h14'], 'IconDownload');
export const IconRefresh = /* @__PURE__ */ icon(['M20 11a8 8 0 1 0-2.3 5.7', 'M20 4v7h-7'], 'IconRefresh');
export const IconUndo = /* @__PURE__ */ icon(['M9 14L4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-3'], 'IconUndo');
export const IconRedo = /* @__PURE__ */ icon(['M15 14l5-5-5-5', 'M20 9H9a5 5 0 0 0 0 10h3'], 'IconRedo');
export const IconArrowRight = /* @__PURE__ */ icon(['M5 12h14', 'M13 6l6 6-6 6'], 'IconArrowRight');
export const IconBranch = /* @__PURE__ */ icon(['M6 3v18', 'M15 6a3 3 0 1 0 6 0a3 3 0 1 0-6 0', 'M18 9c0 6-12 4-12 12'], 'IconBranch');
export const IconPencil = /* @__PURE__ */ icon(['M4 20h4L19 9l-4-4L4 16z', 'M14 6l4 4'], 'IconPencil');
export const IconUpload = /* @__PURE__ */ icon(['M12 16V4', 'M7 9l5-5 5 5', 'M5 20h14'], 'IconUpload');
export const IconKeyboard = /* @__PURE__ */ icon(['M3 6h18v12H3z', 'M7 10h.01', 'M11 10h.01', 'M15 10h.01', 'M8 14h8'], 'IconKeyboard');
export const IconX = /* @__PURE__ */ icon(['M6 6l12 12', 'M18 6L6 18'], 'IconX');
export const IconFilter = /* @__PURE__ */ icon(['M4 5h16l-6 8v5l-4 2v-7z'], 'IconFilter');
export const IconKey = /* @__PURE__ */ icon(['M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M12 11h9', 'M18 11v3', 'M21 11v2'], 'IconKey');
export const IconSettings = /* @__PURE__ */ icon(
  ['M4 6h8', 'M16 6h4', 'M4 12h2', 'M10 12h10', 'M4 18h10', 'M18 18h2', 'M14 4v4', 'M8 10v4', 'M16 16v4'],
  'IconSettings',
);

// The workflow canvas's node and trigger types (spec 001 §3).
export const IconClock = /* @__PURE__ */ icon(['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 7v5l3 2'], 'IconClock');
export const IconCode = /* @__PURE__ */ icon(['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'], 'IconCode');
export const IconWebhook = /* @__PURE__ */ icon(['M9 8a3 3 0 1 1 4.5 2.6L16 15', 'M7 20a3 3 0 1 1 1-5.8h7', 'M19 19a3 3 0 1 1-1.5-5.6L14 8'], 'IconWebhook');
export const IconSparkles = /* @__PURE__ */ icon(['M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z', 'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z'], 'IconSparkles');
export const IconMessage = /* @__PURE__ */ icon(['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'], 'IconMessage');
export const IconApproval = /* @__PURE__ */ icon(['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M8 12l3 3 5-6'], 'IconApproval');
export const IconCalendar = /* @__PURE__ */ icon(['M4 6h16v14H4z', 'M4 10h16', 'M9 3v4', 'M15 3v4'], 'IconCalendar');
export const IconBolt = /* @__PURE__ */ icon(['M13 3L5 14h6l-1 7 8-11h-6z'], 'IconBolt');
export const IconDatabase = /* @__PURE__ */ icon(['M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3z', 'M4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3'], 'IconDatabase');
export const IconUser = /* @__PURE__ */ icon(['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'], 'IconUser');
export const IconPhone = /* @__PURE__ */ icon(['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'], 'IconPhone');
export const IconTable = /* @__PURE__ */ icon(['M4 5h16v14H4z', 'M4 10h16', 'M4 15h16', 'M10 5v14'], 'IconTable');

/** A filled five-point star; `filled` false draws the outline only. */
export function IconStar({ size = 18, filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

/**
 * "Tidy up" in the canvas's zoom controls: two cards joined top to bottom, filled on React Flow's 32 × 32 grid like
 * the controls' own icons (a stroked icon drawn at their 12 px reads as two dots).
 */
export function IconTidy(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M8 2h16v9H8zM8 21h16v9H8zM14.5 11h3v10h-3z" />
    </svg>
  );
}
