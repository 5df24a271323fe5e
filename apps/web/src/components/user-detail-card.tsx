import { CLIENT_STATUSES } from '@portal/contract/common';
import { DOCUMENT_LABELS } from '@portal/contract/documents';
import { QUALIFICATIONS } from '@portal/contract/user-form';
import type { UserDetail } from '@portal/contract/users';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { capitalise } from '../lib/format';
import { AdditionalDataRows } from './additional-data-rows';

const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Col md={6} className="mb-2">
      <div className="text-muted small">{label}</div>
      <div>{children || '—'}</div>
    </Col>
  );
}

/** Read-only label/value rows of one user: detail pages and My Profile use it. */
export function UserDetailCard({ user }: { user: UserDetail }) {
  const isClient = user.user_role.name === 'client';
  return (
    <div>
      {(user.profile_picture || user.logo) && (
        <div className="d-flex gap-3 mb-3">
          {user.profile_picture && (
            <img src={user.profile_picture} alt="Profile" className="rounded border detail-picture" />
          )}
          {user.logo && <img src={user.logo} alt="Logo" className="rounded border detail-picture" />}
        </div>
      )}
      <Row>
        <DetailRow label="Name">
          {user.first_name} {user.last_name}
        </DetailRow>
        <DetailRow label="Username">{user.username}</DetailRow>
        <DetailRow label="Email">{user.email}</DetailRow>
        <DetailRow label="Mobile number">{user.mobile_number}</DetailRow>
        <DetailRow label="Alternate mobile number">{user.alternate_mobile_number}</DetailRow>
        {!isClient && <DetailRow label="Alternate email">{user.alternate_email_id}</DetailRow>}
        <DetailRow label="Address">{user.address}</DetailRow>
        <DetailRow label="Pincode">{user.pincode}</DetailRow>
        <DetailRow label="City">{user.city}</DetailRow>
        <DetailRow label="State">{user.state}</DetailRow>
        {isClient && <DetailRow label="Country">{user.country ? countryName.of(user.country) : ''}</DetailRow>}
        {isClient && (
          <DetailRow label="Client status">
            {CLIENT_STATUSES.find((status) => status.value === user.client_status_id)?.label}
          </DetailRow>
        )}
        <DetailRow label="PAN number">{user.pan_number}</DetailRow>
        <DetailRow label="GST number">{user.gst_number}</DetailRow>
        <DetailRow label="TAN number">{user.tan_number}</DetailRow>
        {!isClient && (
          <>
            <DetailRow label="Qualification">
              {QUALIFICATIONS.find((option) => option.value === user.qualification)?.label}
            </DetailRow>
            <DetailRow label="Practice since">{user.practice_since}</DetailRow>
          </>
        )}
        <DetailRow label="Nature of service">
          {user.user_service.map((entry) => entry.service.service_name).join(', ')}
        </DetailRow>
        <DetailRow label="Status">{capitalise(user.status)}</DetailRow>
        {user.user_document.map((document) => (
          <DetailRow key={document.document_type} label={DOCUMENT_LABELS[document.document_type]}>
            <a href={document.url} target="_blank" rel="noopener noreferrer">
              {document.original_name}
            </a>
          </DetailRow>
        ))}
      </Row>
      {isClient && user.client_status?.template && (
        <AdditionalDataRows
          template={user.client_status.template}
          raw={user.additional_data}
          passwordSet={user.sub_form_password_set}
        />
      )}
    </div>
  );
}
