import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import PersonCircle from 'react-bootstrap-icons/dist/icons/person-circle';
import { Link } from 'react-router';
import { LOGO_URL, PRODUCT_NAME } from '../config/product';
import { useLogout } from '../features/auth/use-logout';
import { NotificationBell } from '../features/notifications/notification-bell';
import type { Session } from '../lib/session';

export function TopBar({ session }: { session: Session }) {
  const logout = useLogout();
  const fullName = `${session.user.first_name} ${session.user.last_name}`.trim();
  return (
    <Navbar bg="white" className="border-bottom shadow-sm">
      <Container fluid className="flex-nowrap">
        <Navbar.Brand as={Link} to="/" className="top-bar-brand d-flex align-items-center gap-2 fw-semibold">
          <img src={LOGO_URL} alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </Navbar.Brand>
        <Nav className="ms-auto flex-row align-items-center flex-nowrap">
          <NotificationBell role={session.role} />
          <NavDropdown
            align="end"
            id="user-menu"
            title={
              <span className="d-inline-flex align-items-center gap-1">
                <PersonCircle aria-hidden /> <span className="top-bar-name">{fullName}</span>
              </span>
            }
          >
            <NavDropdown.Item as={Link} to={`/${session.role}/profile`}>
              My Profile
            </NavDropdown.Item>
            <NavDropdown.Item as="button" onClick={logout}>
              Logout
            </NavDropdown.Item>
          </NavDropdown>
        </Nav>
      </Container>
    </Navbar>
  );
}
