import type { RoleName } from '@portal/contract/roles';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { AREA_TABS } from './areas';

/**
 * The area's sections: tabs from the small breakpoint up; on a phone, where five tabs would wrap into
 * two rows, one menu button naming the current section.
 */
export function AreaTabs({ role }: { role: RoleName }) {
  const { pathname } = useLocation();
  const user = useSession()?.user;
  const tabs = AREA_TABS[role].filter((tab) => !tab.shownTo || (user !== undefined && tab.shownTo(user)));
  const current = tabs.find((tab) => pathname.startsWith(`/${role}/${tab.path}`));
  return (
    <nav aria-label="Sections" className="mb-4">
      <Nav variant="tabs" className="d-none d-sm-flex">
        {tabs.map((tab) => (
          <Nav.Item key={tab.path}>
            <Nav.Link as={NavLink} to={`/${role}/${tab.path}`}>
              {tab.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Dropdown className="d-sm-none">
        <Dropdown.Toggle variant="outline-secondary" className="w-100 text-start" id="sections-menu">
          {current?.label ?? 'Sections'}
        </Dropdown.Toggle>
        <Dropdown.Menu className="w-100">
          {tabs.map((tab) => (
            // NavLink marks the current section (class and aria-current); Dropdown.Item's `active` would
            // put aria-selected on a link, which axe rightly calls critical.
            <Dropdown.Item key={tab.path} as={NavLink} to={`/${role}/${tab.path}`}>
              {tab.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </nav>
  );
}
