import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';

type MessageAlertProps = {
  variant: 'success' | 'danger' | 'warning' | 'info';
  messages: string | string[] | null | undefined;
  onClose?: () => void;
  /** Closes itself after this many milliseconds (spec: success notices, 3000 ms). */
  autoCloseMs?: number;
  className?: string;
};

/**
 * One message or a list of messages in an alert; the product's only way to show a result. With
 * `autoCloseMs` it is a notice (role status) floating in view; otherwise an alert in place.
 */
export function MessageAlert({ variant, messages, onClose, autoCloseMs, className }: MessageAlertProps) {
  const list = (Array.isArray(messages) ? messages : [messages]).filter((message): message is string => !!message);
  const visible = list.length > 0;

  useEffect(() => {
    if (!visible || !autoCloseMs || !onClose) return;
    const timer = window.setTimeout(onClose, autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [visible, autoCloseMs, onClose]);

  const content =
    list.length === 1 ? (
      list[0]
    ) : (
      <ul className="mb-0 ps-3">
        {list.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  // A notice that closes itself (a success notice) floats in a fixed corner, so it is
  // seen wherever the page is scrolled; its polite live region stays mounted so a reader announces it.
  if (autoCloseMs) {
    return (
      <div className="notice-region" role="status">
        {visible && (
          <Alert
            variant={variant}
            dismissible={!!onClose}
            onClose={onClose}
            className={`shadow ${className ?? ''}`}
            role="none"
          >
            {content}
          </Alert>
        )}
      </div>
    );
  }
  if (!visible) return null;
  return (
    <Alert variant={variant} dismissible={!!onClose} onClose={onClose} className={className} role="alert">
      {content}
    </Alert>
  );
}
