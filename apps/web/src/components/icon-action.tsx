import { type MouseEvent, type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

type IconActionProps = {
  /** The action's name: its accessible name and its visible tooltip ("Download return.pdf"). */
  label: string;
  icon: ReactNode;
  /** Shown instead of the label while the action is not possible; the control says why when used. */
  blockedReason?: string | null;
  onBlocked?: (reason: string) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** A link instead of a button (downloads stream straight to disk from a plain link). */
  href?: string;
  download?: boolean;
  danger?: boolean;
};

/**
 * An icon-only action: named for screen readers, with a tooltip on hover and keyboard focus. A blocked
 * action stays visible and usable, greyed, and using it explains why it is blocked (its description too).
 */
export function IconAction({
  label,
  icon,
  blockedReason,
  onBlocked,
  onClick,
  href,
  download,
  danger,
}: IconActionProps) {
  const blocked = !!blockedReason;
  const reasonId = useId();
  const tip = blocked ? blockedReason : label;
  const className = `icon-action btn btn-link btn-sm ${danger && !blocked ? 'text-danger' : ''} ${blocked ? 'text-muted' : ''}`;
  const tooltip = <Tooltip id={`${reasonId}-tip`}>{tip}</Tooltip>;
  const control =
    href && !blocked ? (
      <a className={className} href={href} download={download} aria-label={label} onClick={onClick}>
        {icon}
      </a>
    ) : (
      <Button
        variant="link"
        size="sm"
        className={className}
        aria-label={label}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={(event) => (blocked ? onBlocked?.(blockedReason) : onClick?.(event))}
      >
        {icon}
        {blocked && (
          <span id={reasonId} className="visually-hidden">
            {blockedReason}
          </span>
        )}
      </Button>
    );
  return (
    <OverlayTrigger placement="top" overlay={tooltip} trigger={['hover', 'focus']}>
      {control}
    </OverlayTrigger>
  );
}
