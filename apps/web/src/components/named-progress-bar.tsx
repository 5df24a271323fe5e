import ProgressBar from 'react-bootstrap/ProgressBar';

type NamedProgressBarProps = { percent: number; name: string; className?: string };

/**
 * A progress bar whose role="progressbar" element carries its name: react-bootstrap's own puts
 * `aria-label` on the wrapper, which leaves the bar nameless to a screen reader (axe's aria-progressbar-name).
 */
export function NamedProgressBar({ percent, name, className }: NamedProgressBarProps) {
  return (
    <ProgressBar className={className}>
      <ProgressBar now={percent} label={`${percent}%`} aria-label={name} />
    </ProgressBar>
  );
}
