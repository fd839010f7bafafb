/**
 * The few controls of the public form besides its questions: buttons, an alert, a spinner, a round icon
 * badge — plain HTML drawn with the form theme's variables (`form.module.css`), no UI library.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import classes from './form.module.css';

/** A button: `primary` (the form's colour) or `default` (outlined); `loading` shows a spinner and disables it. */
export function Button({
  variant = 'primary',
  loading = false,
  icon,
  children,
  className,
  disabled,
  ...props
}: { variant?: 'primary' | 'default'; loading?: boolean; icon?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={[classes.button, className].filter(Boolean).join(' ')}
      data-variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className={classes.spinner} aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

/** A red alert with an icon: `role="alert"`, so screen readers read it when it appears. */
export function Alert({ icon, title, children, testId }: { icon?: ReactNode; title?: string; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.alert} role="alert" data-testid={testId}>
      {icon && <span className={classes.alertIcon}>{icon}</span>}
      <div className={classes.alertBody}>
        {title && <p className={classes.alertTitle}>{title}</p>}
        {children}
      </div>
    </div>
  );
}

/** A spinner with a label for screen readers (`role="status"`). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={classes.loader} role="status">
      <span className={classes.spinner} data-size="lg" aria-hidden="true" />
      <span className={classes.visuallyHidden}>{label}</span>
    </div>
  );
}

/** A round badge holding an icon (the ending's check, the closed form's lock). */
export function IconBadge({ tone, children }: { tone: 'success' | 'neutral'; children: ReactNode }) {
  return (
    <span className={classes.iconBadge} data-tone={tone}>
      {children}
    </span>
  );
}
