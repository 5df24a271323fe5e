import Nav from 'react-bootstrap/Nav';
import { Link, Outlet, useLocation } from 'react-router';

type BillingSection = { label: string; path: string; mpcOnly?: boolean };

/** The sections of Billing, in the order a week uses them; Invoices also holds every invoice's own page. */
const SECTIONS: BillingSection[] = [
  { label: 'Invoices', path: '' },
  { label: 'Ready to bill', path: 'ready' },
  { label: 'Receipts', path: 'receipts' },
  { label: 'Outstanding', path: 'outstanding' },
  { label: 'Reports', path: 'reports' },
  { label: 'Settings', path: 'settings', mpcOnly: true },
];

/**
 * The Billing tab (issue 23): the MPC's, and a PC's or executor's the MPC lets bill. Its sections are
 * links, so each has its own address; the firm's settings are the MPC's alone.
 */
export function BillingPage({ role }: { role: string }) {
  const { pathname } = useLocation();
  const base = `/${role}/billing`;
  const sections = SECTIONS.filter((section) => !section.mpcOnly || role === 'mpc');
  // The section the address is in: the longest path it starts with (Invoices, the empty one, otherwise).
  const current =
    sections
      .filter((section) => section.path !== '' && pathname.startsWith(`${base}/${section.path}`))
      .map((section) => section.path)[0] ?? '';
  return (
    <>
      <h1 className="h4 mb-3">Billing</h1>
      <nav aria-label="Billing sections" className="mb-3">
        <Nav variant="pills" className="flex-wrap">
          {sections.map((section) => (
            <Nav.Item key={section.path}>
              <Nav.Link
                as={Link}
                to={section.path ? `${base}/${section.path}` : base}
                active={section.path === current}
                aria-current={section.path === current ? 'page' : undefined}
              >
                {section.label}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      </nav>
      <Outlet />
    </>
  );
}

/** The client's Invoices tab: its own issued invoices, then one of them with its PDF and UPI QR. */
export function ClientInvoicesPage() {
  return (
    <>
      <h1 className="h4 mb-3">Invoices</h1>
      <Outlet />
    </>
  );
}
