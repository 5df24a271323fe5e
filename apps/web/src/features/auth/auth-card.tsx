import type { ReactNode } from 'react';
import { LOGO_URL, PRODUCT_NAME } from '../../config/product';

/**
 * The centred card of the signed-out pages: sign-in, forgot password, reset password. Bootstrap's card
 * classes on plain elements, not react-bootstrap's Card: the sign-in page draws it too, and its first
 * script stays small (docs/decisions/0028).
 */
export function AuthCard({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-light p-3">
      <div className="card login-card shadow-sm">
        <div className="card-body p-4">
          <div className="text-center mb-4">
            <img src={LOGO_URL} alt={`${PRODUCT_NAME} logo`} width={72} height={72} />
            <h1 className="h4 mt-3 mb-0">{PRODUCT_NAME}</h1>
            {heading && <h2 className="h6 mt-2 mb-0 text-muted">{heading}</h2>}
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
