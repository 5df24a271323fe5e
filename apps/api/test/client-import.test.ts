import { ROLE_ID } from '@portal/contract/roles';
import {
  CLIENT_IMPORT_COLUMNS,
  CLIENT_IMPORT_LIMITS,
  type ImportCheck,
  USER_CSV_MESSAGES as M,
} from '@portal/contract/user-csv';
import { USER_MESSAGES } from '@portal/contract/user-messages';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildClientCsvRow } from './support/client-csv-rows.js';
import { postCsv, readCsvAnswer, writeCsvFile } from './support/csv.js';
import { buildFirm, type TestFirm } from './support/firm.js';
import { postUserForm } from './support/people.js';
import { useTestApp } from './support/test-app.js';
import { listTestDialects } from './support/test-database.js';

const CHECK = '/api/user/import/check';
const IMPORT = '/api/user/import';
const COLUMNS = [...CLIENT_IMPORT_COLUMNS];
/** A Firm's row over the template's Individual: no last name, none of a person's details, its full name. */
const FIRM_CELLS = {
  last_name: '',
  client_status: 'Firm',
  'details.dob': '',
  'details.sex': '',
  'details.aadhar': '',
  'details.fathers_name': '',
  'details.full_name': 'Shah & Sons',
};

/** The dry run and the import of clients from CSV: the form's validation per row, duplicates, all or nothing. */
describe.each(listTestDialects())(
  'importing clients from CSV on %s',
  (dialect) => {
    const t = useTestApp('block', dialect);
    let adminToken: string;
    let firmA: TestFirm;
    let firmB: TestFirm;
    let serviceNames: string[];

    const countClients = async () =>
      Number(
        (
          await t.context.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('role_id', '=', ROLE_ID.client)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const importRows = (token: string, rows: Record<string, string>[]) =>
      postCsv(t, token, IMPORT, writeCsvFile(COLUMNS, rows));
    async function check(token: string, rows: Record<string, string>[], header = COLUMNS): Promise<ImportCheck> {
      const response = await postCsv(t, token, CHECK, writeCsvFile(header, rows));
      expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
      return response.json().data;
    }

    /** A row sent as the client form sends it (status Individual, the first service), its 422 errors by column. */
    async function formErrorsOf(token: string, row: Record<string, string>) {
      const fields: Record<string, string | number | number[]> = { role_id: ROLE_ID.client };
      const details: Record<string, string> = {};
      for (const [column, value] of Object.entries(row)) {
        if (value === '' || column === 'services' || column === 'client_status') continue;
        if (column.startsWith('details.')) details[column.slice('details.'.length)] = value;
        else fields[column] = value;
      }
      const response = await postUserForm(t, token, '/api/user/create', {
        ...fields,
        client_status_id: 1,
        nature_of_service: [firmA.services[0] as number],
        additional_data: JSON.stringify(details),
      });
      expect(response.statusCode).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      return Object.fromEntries(
        Object.entries(errors).map(([key, messages]) => [key.replace(/^additional_data\./, 'details.'), messages]),
      );
    }

    beforeAll(async () => {
      adminToken = await t.signIn(await t.createUser('admin'));
      firmA = await buildFirm(t, adminToken);
      firmB = await buildFirm(t, adminToken, firmA.services);
      const services = await t.context.db
        .selectFrom('services')
        .select(['id', 'service_name'])
        .where('id', 'in', firmA.services)
        .execute();
      serviceNames = firmA.services.map((id) => services.find((service) => service.id === id)?.service_name as string);
    });
    // Each test starts with the firms' hourly allowance of dry runs and imports (user-throttles.ts).
    beforeEach(() => {
      t.clock.advance(60 * 60 * 1000 + 1);
    });

    it('gives a template whose header is every column and whose example row passes the dry run', async () => {
      const response = await t.request({ method: 'GET', url: '/api/user/import/template', token: firmA.mpc.token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('attachment; filename="clients-template.csv"');
      const { header, rows } = readCsvAnswer(response.body);
      expect(header).toEqual(COLUMNS);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.services).toBe(`${serviceNames[0]}; ${serviceNames[1]}`);
      const result = await postCsv(t, firmA.mpc.token, CHECK, response.body, 'text/csv; charset=utf-8');
      expect(result.json().data).toEqual({ rows: 1, valid: 1, problems: [] });
    });
    it('reports each row’s errors by the form’s own schema, under the file’s column names', async () => {
      const [gst] = serviceNames as [string];
      const rows = [
        buildClientCsvRow(gst),
        buildClientCsvRow(gst, { first_name: '', email: 'not-an-email', mobile_number: '12345' }),
        buildClientCsvRow(gst, { pan_number: 'ABC123', services: `${gst}; Astrology` }),
        buildClientCsvRow(gst, {
          'details.dob': '',
          'details.aadhar': '123412341234',
          'details.cin': 'U74999MH2015PTC123456',
        }),
        // A business has no last name; a Firm needs its full name and partners.
        buildClientCsvRow(gst, {
          ...FIRM_CELLS,
          'details.number_of_partners': '1',
          'details.partners': '[{"nameofpartner":"Anil Shah","Pannumber":"ABCPS1234K","aadharnumber":"234567890124"}]',
        }),
        buildClientCsvRow(gst, { client_status: 'Nonprofit', country: '', services: '' }),
      ];
      const result = await check(firmA.mpc.token, rows);
      expect(result.rows).toBe(6);
      expect(result.valid).toBe(2);
      expect(result.problems).toEqual([
        {
          row: 3,
          errors: {
            first_name: [USER_MESSAGES.firstNameRequired],
            email: [USER_MESSAGES.emailInvalid],
            mobile_number: [USER_MESSAGES.mobileInvalid],
          },
        },
        { row: 4, errors: { pan_number: [USER_MESSAGES.panInvalid], services: [M.serviceUnknown('Astrology')] } },
        {
          row: 5,
          errors: {
            'details.cin': ['This field is not allowed.'],
            'details.dob': ['Date of birth is required'],
            'details.aadhar': ['Enter a valid 12-digit Aadhaar number.'],
          },
        },
        {
          row: 7,
          errors: {
            client_status: [M.clientStatusUnknown],
            country: [USER_MESSAGES.countryRequired],
            services: [USER_MESSAGES.natureOfServiceRequired],
          },
        },
      ]);
      // The same values through the form's endpoint get the same errors (its field names, the file's columns).
      for (const index of [1, 3]) {
        const problem = result.problems.find((entry) => entry.row === index + 2);
        expect(await formErrorsOf(firmA.mpc.token, rows[index] as Record<string, string>)).toEqual(problem?.errors);
      }
    });

    it('takes a partnership’s partners from numbered columns (partner1., partner2.), errors under those columns', async () => {
      const [gst] = serviceNames as [string];
      const partnerCells = {
        'partner1.nameofpartner': 'Anil Shah',
        'partner1.Pannumber': 'ABCPS1234K',
        'partner1.aadharnumber': '234567890124',
        'partner2.nameofpartner': 'Meera Shah',
        'partner2.dob': '12/03/1975',
      };
      // A spreadsheet's own header: partner columns in any case, a third partner beyond the template's two.
      const header = [...COLUMNS, 'PARTNER3.NameOfPartner', 'partner3.pannumber'];
      const rows = [
        buildClientCsvRow(gst, { ...FIRM_CELLS, ...partnerCells }),
        buildClientCsvRow(gst, {
          ...FIRM_CELLS,
          ...partnerCells,
          'partner2.dob': '31/02/1975',
          'PARTNER3.NameOfPartner': 'Kiran Shah',
          'partner3.pannumber': 'ABC',
        }),
        buildClientCsvRow(gst, {
          ...FIRM_CELLS,
          ...partnerCells,
          'details.number_of_partners': '1',
          'details.partners': '[{"nameofpartner":"Anil Shah"}]',
        }),
      ];
      const result = await check(firmA.mpc.token, rows, header);
      expect(result.valid).toBe(1);
      expect(result.problems.map((problem) => problem.row)).toEqual([3, 4]);
      expect(Object.keys(result.problems[0]?.errors ?? {}).sort()).toEqual(['partner2.dob', 'partner3.Pannumber']);
      expect(result.problems[1]?.errors).toEqual({ 'details.partners': [M.partnersTwice] });

      const imported = await postCsv(
        t,
        firmA.mpc.token,
        IMPORT,
        writeCsvFile(header, [rows[0] as Record<string, string>]),
      );
      expect(imported.statusCode, imported.body).toBe(201);
      const [id] = imported.json().data.ids as number[];
      const detail = await t.request({ method: 'GET', url: `/api/user/detail/${id}`, token: firmA.mpc.token });
      const stored = JSON.parse(detail.json().data.additional_data);
      expect(stored.number_of_partners).toBe(2);
      expect(stored.partners).toMatchObject([
        { nameofpartner: 'Anil Shah', Pannumber: 'ABCPS1234K', aadharnumber: 'XXXX XXXX 0124' },
        { nameofpartner: 'Meera Shah', dob: '1975-03-12' },
      ]);
    });

    it('reports the same email or PAN twice in the file, and ones the firm already holds', async () => {
      const [gst] = serviceNames as [string];
      const shared = `shared${Date.now()}@clients.in`;
      // A client of firm A with a PAN, and one of firm B with another.
      const ownPan = 'AAAPA1111A';
      const otherFirmPan = 'BBBPB2222B';
      const seeded = await check(firmA.mpc.token, [buildClientCsvRow(gst, { pan_number: ownPan })]);
      expect(seeded.valid).toBe(1);
      expect((await importRows(firmA.mpc.token, [buildClientCsvRow(gst, { pan_number: ownPan })])).statusCode).toBe(
        201,
      );
      expect(
        (await importRows(firmB.mpc.token, [buildClientCsvRow(gst, { pan_number: otherFirmPan })])).statusCode,
      ).toBe(201);
      const result = await check(firmA.mpc.token, [
        buildClientCsvRow(gst, { email: shared, pan_number: 'CCCPC3333C' }),
        buildClientCsvRow(gst, { email: shared.toUpperCase(), pan_number: 'cccpc3333c' }),
        buildClientCsvRow(gst, { email: firmA.pc.email }),
        buildClientCsvRow(gst, { pan_number: ownPan }),
        // Another firm's client may have the same PAN: firms do not see each other's clients.
        buildClientCsvRow(gst, { pan_number: otherFirmPan }),
        // Nor is another firm's user's email told row by row: the dry run would tell who uses the portal.
        buildClientCsvRow(gst, { email: firmB.client.email }),
      ]);
      expect(result.problems).toEqual([
        { row: 3, errors: { email: [M.emailInFile(2)], pan_number: [M.panInFile(2)] } },
        { row: 4, errors: { email: [USER_MESSAGES.emailTaken] } },
        { row: 5, errors: { pan_number: [M.panTaken] } },
      ]);
      expect(result.valid).toBe(3);
    });
    it('imports nothing while any row has an error, then every row in one go the way the form creates a client', async () => {
      const [gst, itr] = serviceNames as [string, string];
      const rows = [
        buildClientCsvRow(`${gst}; ${itr}`),
        buildClientCsvRow(gst, {
          client_status: 'H.U.F.',
          last_name: '',
          'details.date_of_creation': '01/04/2001',
          'details.nameofkarta': 'Hari Lal',
          'details.bankdetails': '123456789012',
          'details.dob': '',
          'details.sex': '',
          'details.aadhar': '',
          'details.fathers_name': '',
        }),
        buildClientCsvRow(gst, { email: 'broken' }),
      ];
      const before = await countClients();
      const refused = await importRows(firmA.mpc.token, rows);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        status: 'error',
        message: M.rowsInvalid,
        errors: { 'rows.4.email': [USER_MESSAGES.emailInvalid] },
      });
      expect(await countClients()).toBe(before);

      rows[2] = buildClientCsvRow(gst);
      const mailsBefore = await t.context.db.selectFrom('mail_outbox').select('recipient').execute();
      const imported = await importRows(firmA.mpc.token, rows);
      expect(imported.statusCode, imported.body).toBe(201);
      expect(imported.json().message).toBe(M.imported(3));
      const { created, ids } = imported.json().data as { created: number; ids: number[] };
      expect(created).toBe(3);
      expect(await countClients()).toBe(before + 3);

      const stored = await t.context.db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute();
      expect(stored.map((user) => user.email)).toEqual(rows.map((row) => row.email));
      for (const user of stored) {
        expect(user).toMatchObject({
          firm_id: firmA.mpc.id,
          created_by: firmA.mpc.id,
          role_id: ROLE_ID.client,
          status: 'active',
          password_state: 'unset',
        });
        // The sub-form's secrets are sealed at rest, as the form's are.
        expect(user.additional_data).not.toContain('234567890124');
        expect(user.additional_data).not.toContain('123456789012');
      }
      expect(stored[1]).toMatchObject({ client_status_id: 2, last_name: '' });
      // Each new client is invited by mail, as when staff add one without a password.
      const mails = await t.context.db.selectFrom('mail_outbox').select('recipient').execute();
      expect(mails.length - mailsBefore.length).toBe(3);
      expect(mails.map((mail) => mail.recipient)).toEqual(expect.arrayContaining(rows.map((row) => row.email)));
      const services = await t.context.db
        .selectFrom('user_services')
        .select(['user_id', 'service_id'])
        .where('user_id', '=', ids[0] as number)
        .execute();
      expect(services.map((row) => row.service_id).sort()).toEqual([...firmA.services].sort());
      // One audit event per client, as the form writes, and one for the file.
      const events = await t.context.db
        .selectFrom('audit_log')
        .select(['action', 'entity_id', 'details'])
        .where('actor_id', '=', firmA.mpc.id)
        .where('action', 'in', ['user.create', 'user.import'])
        .orderBy('id', 'desc')
        .limit(4)
        .execute();
      expect(events.map((event) => event.action)).toEqual(['user.import', 'user.create', 'user.create', 'user.create']);
      expect(JSON.parse(events[0]?.details as string)).toEqual({ created: 3 });
      expect(JSON.parse(events[1]?.details as string)).toEqual({
        password: 'invitation_mailed',
        via: 'csv_import',
        row: 4,
      });
      // The new clients are in the MPC's list, and their detail shows the Aadhaar masked.
      const list = await t.request({
        method: 'GET',
        url: `/api/user/userListByRole/${ROLE_ID.client}?limit=100`,
        token: firmA.mpc.token,
      });
      const listed = list.json().data.data.map((user: { id: number }) => user.id);
      expect(listed).toEqual(expect.arrayContaining(ids));
      const detail = await t.request({ method: 'GET', url: `/api/user/detail/${ids[0]}`, token: firmA.mpc.token });
      expect(JSON.parse(detail.json().data.additional_data).aadhar).toBe('XXXX XXXX 0124');
    });

    it('leaves none of the file’s clients when creating one of them fails', async () => {
      const [gst] = serviceNames as [string];
      const boom = `boom${Date.now()}@clients.in`;
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger import_boom before insert on users when new.email = '${boom}' begin select raise(abort, 'boom'); end`,
          )
          .execute(t.context.db);
      } else {
        await sql
          .raw(
            `create function import_boom() returns trigger language plpgsql as $$ begin if new.email = '${boom}' then raise exception 'boom'; end if; return new; end $$`,
          )
          .execute(t.context.db);
        await sql
          .raw('create trigger import_boom before insert on users for each row execute function import_boom()')
          .execute(t.context.db);
      }
      try {
        const rows = [buildClientCsvRow(gst), buildClientCsvRow(gst), buildClientCsvRow(gst, { email: boom })];
        const before = await countClients();
        const mailsBefore = (await t.context.db.selectFrom('mail_outbox').select('id').execute()).length;
        const response = await importRows(firmA.mpc.token, rows);
        expect(response.statusCode).toBe(500);
        expect(await countClients()).toBe(before);
        expect((await t.context.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(mailsBefore);
        const emails = await t.context.db
          .selectFrom('users')
          .select('email')
          .where(
            'email',
            'in',
            rows.map((row) => row.email as string),
          )
          .execute();
        expect(emails).toEqual([]);
      } finally {
        await sql
          .raw(dialect === 'sqlite' ? 'drop trigger import_boom' : 'drop trigger import_boom on users')
          .execute(t.context.db);
        if (dialect !== 'sqlite') await sql.raw('drop function import_boom()').execute(t.context.db);
      }
    });

    it('creates a file’s clients once when it is imported twice at the same time', async () => {
      const [gst] = serviceNames as [string];
      const file = writeCsvFile(COLUMNS, [buildClientCsvRow(gst), buildClientCsvRow(gst), buildClientCsvRow(gst)]);
      const before = await countClients();
      const answers = await Promise.all([
        postCsv(t, firmA.mpc.token, IMPORT, file),
        postCsv(t, firmA.mpc.token, IMPORT, file),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
      const refused = answers.find((answer) => answer.statusCode === 422)?.json();
      // On PostgreSQL both checks may run before either commits, and the unique index refuses the
      // second's rows; SQLite runs the two transactions one after the other, so the second's check
      // already sees the emails taken.
      expect(dialect === 'sqlite' ? [M.rowsInvalid] : [M.raced, M.rowsInvalid]).toContain(refused.message);
      expect(await countClients()).toBe(before + 3);
    });

    it('lets whoever may add a client import, into the firm, and refuses everyone else', async () => {
      const [gst] = serviceNames as [string];
      for (const [who, token] of [
        ['admin', adminToken],
        ['client', firmA.client.token],
      ] as const) {
        for (const url of [CHECK, IMPORT]) {
          const response = await postCsv(t, token, url, writeCsvFile(COLUMNS, [buildClientCsvRow(gst)]));
          expect([who, url, response.statusCode]).toEqual([who, url, 403]);
        }
        const template = await t.request({ method: 'GET', url: '/api/user/import/template', token });
        expect([who, template.statusCode]).toEqual([who, 403]);
      }
      for (const [member, firm] of [
        [firmA.pc, firmA],
        [firmA.executor, firmA],
        [firmB.mpc, firmB],
      ] as const) {
        const response = await importRows(member.token, [buildClientCsvRow(gst)]);
        expect(response.statusCode, response.body).toBe(201);
        const [id] = response.json().data.ids as number[];
        const user = await t.context.db
          .selectFrom('users')
          .select(['firm_id', 'created_by'])
          .where('id', '=', id as number)
          .executeTakeFirstOrThrow();
        expect(user).toEqual({ firm_id: firm.mpc.id, created_by: member.id });
      }
    });

    it('holds a file to its limits: rows and size', async () => {
      const [gst] = serviceNames as [string];
      const many = Array.from({ length: CLIENT_IMPORT_LIMITS.maxRows + 1 }, () => buildClientCsvRow(gst));
      const tooMany = await postCsv(t, firmA.mpc.token, CHECK, writeCsvFile(COLUMNS, many));
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json()).toEqual({ status: 'error', message: M.tooManyRows, errors: { file: [M.tooManyRows] } });
      const padded = writeCsvFile(COLUMNS, [
        buildClientCsvRow(gst, { address: 'x'.repeat(CLIENT_IMPORT_LIMITS.maxBytes) }),
      ]);
      for (const url of [CHECK, IMPORT]) {
        const tooLarge = await postCsv(t, firmA.mpc.token, url, padded);
        expect(tooLarge.statusCode).toBe(413);
        expect(tooLarge.json()).toEqual({ status: 'error', message: M.tooLarge, errors: { file: [M.tooLarge] } });
      }
    });

    it('answers a file that is not a CSV of the template with a clear error, importing nothing', async () => {
      const [gst] = serviceNames as [string];
      const mpc = firmA.mpc.token;
      const before = await countClients();
      const cases: [string, Buffer | string, number, string, Record<string, string[]>][] = [
        [
          'a workbook',
          Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(64, 1)]),
          415,
          M.notCsv,
          { file: [M.notCsv] },
        ],
        [
          'Windows-1252 text',
          Buffer.from('first_name\r\nCaf\xe9\r\n', 'latin1'),
          415,
          M.notUtf8,
          { file: [M.notUtf8] },
        ],
        ['an empty file', '', 422, M.empty, { file: [M.empty] }],
        ['a header alone', writeCsvFile(COLUMNS, []), 422, M.noRows, { file: [M.noRows] }],
        [
          'semicolons',
          'first_name;email;mobile_number\r\nA;a@b.in;9876543210\r\n',
          422,
          M.wrongHeader,
          { file: [M.semicolons] },
        ],
        [
          'an unclosed quote',
          `${COLUMNS.join(',')}\r\n"Ravi,Kumar\r\n`,
          422,
          M.unclosedQuote(2),
          { file: [M.unclosedQuote(2)] },
        ],
        [
          'a wrong header',
          writeCsvFile(
            ['First_Name', 'email', 'mobile_number', 'pincode', 'city', 'state', 'country', 'surname', 'email'],
            [{ first_name: 'A' }],
          ),
          422,
          M.wrongHeader,
          {
            'header.surname': [M.unknownColumn],
            'header.email': [M.duplicateColumn],
            'header.services': [M.missingColumn],
          },
        ],
      ];
      for (const [what, body, status, message, errors] of cases) {
        for (const url of [CHECK, IMPORT]) {
          const response = await postCsv(t, mpc, url, body);
          expect([what, url, response.statusCode, response.json()]).toEqual([
            what,
            url,
            status,
            { status: 'error', message, errors },
          ]);
        }
      }
      const json = await t.request({
        method: 'POST',
        url: IMPORT,
        token: mpc,
        payload: { rows: [buildClientCsvRow(gst)] },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toBe(M.sendAsCsv);
      // A row with more cells than the header has names is that row's error.
      const extra = `${writeCsvFile(COLUMNS, [buildClientCsvRow(gst)]).trimEnd()},surplus\r\n`;
      const checked = await postCsv(t, mpc, CHECK, extra);
      expect(checked.json().data.problems).toEqual([
        { row: 2, errors: { row: [M.cellCount(COLUMNS.length + 1, COLUMNS.length)] } },
      ]);
      expect(await countClients()).toBe(before);
    });
  },
  120_000,
);
