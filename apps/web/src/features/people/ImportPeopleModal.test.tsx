import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_COLUMNS } from '@shala/contract';
import { HEADER_MOCKS, json, mockFetch, pageOf, renderApp, signIn } from '../../test/utils';
import { mockXhr } from '../../test/xhrMock';
import { credentialsCsv, templateCsv } from './ImportPeopleModal';

const CSV = new File(['firstName,lastName\nAsha,Verma\n,Rao\nRavi,Kumar\n'], 'teachers.csv', { type: 'text/csv' });

function preview(total: number) {
  return Array.from({ length: total }, (_, i) => ({ row: i + 2, fullName: `Person ${i + 1}`, email: null }));
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import teachers from CSV' });
  const input = dialog.ownerDocument.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await user.upload(input, CSV);
  return dialog;
}

describe('CSV import', () => {
  it('shows the row errors of the dry run and offers no import', async () => {
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/teacher': () => json(200, pageOf([])) });
    const calls = mockXhr(() => ({
      status: 200,
      body: {
        result: {
          dryRun: true,
          total: 3,
          imported: 0,
          errors: [
            { row: 3, column: 'firstName', message: 'Required' },
            { row: 4, column: 'email', message: 'Enter a valid email' },
          ],
          preview: preview(3),
          accounts: [],
        },
      },
    }));
    signIn(112);
    const user = userEvent.setup();
    renderApp('/viewteachers');
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));

    const errors = await within(dialog).findByRole('table', { name: 'Problems in the file' });
    const rows = within(errors).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/3\s*firstName\s*Required/);
    expect(rows[2]).toHaveTextContent(/4\s*email\s*Enter a valid email/);
    expect(within(dialog).getByText('2 problems found')).toBeInTheDocument();
    expect(within(dialog).getByText(/Nothing has been imported/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).toBeNull();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/school/import/teachers?dryRun=true');
    expect(calls[0]?.headers.token).toBe('test-token');
    expect(calls[0]?.body?.get('file')).toBeInstanceOf(File);
  });

  it('imports after a clean dry run and shows the created accounts once', async () => {
    let listCalls = 0;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/teacher': () => {
        listCalls += 1;
        return json(200, pageOf([]));
      },
    });
    const calls = mockXhr((call) => {
      const dryRun = call.url.endsWith('dryRun=true');
      return {
        status: 200,
        body: {
          result: {
            dryRun,
            total: 3,
            imported: dryRun ? 0 : 3,
            errors: [],
            preview: preview(3),
            accounts: dryRun
              ? []
              : [
                  { row: 2, fullName: 'Asha Verma', loginId: 'DEMO-T0010', password: 'Pw-first-1' },
                  { row: 3, fullName: 'Sunil Rao', loginId: 'DEMO-T0011', password: '=cmd|calc' },
                  { row: 4, fullName: 'Ravi Kumar', loginId: 'DEMO-T0012', password: 'Pw-first-3' },
                ],
          },
        },
      };
    });
    signIn(113);
    const user = userEvent.setup();
    renderApp('/viewteachers');
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('The file is valid: 3 rows are ready to import.')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Rows in the file' })).toHaveTextContent('Person 1');
    const before = listCalls;

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));
    const accounts = await within(dialog).findByRole('table', { name: 'Created accounts' });
    expect(accounts).toHaveTextContent('DEMO-T0010');
    expect(accounts).toHaveTextContent('Pw-first-1');
    expect(within(dialog).getByText('3 accounts were created.')).toBeInTheDocument();
    expect(within(dialog).getByText('Shown only once')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download credentials CSV' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/school/import/teachers?dryRun=true', '/api/school/import/teachers?dryRun=false']);
    await waitFor(() => expect(listCalls).toBeGreaterThan(before)); // the list refreshes

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Pw-first-1')).toBeNull());
  });

  it('builds the template from the contract and neutralises formulas in the credentials CSV', () => {
    expect(templateCsv('parents')).toBe(`\uFEFF${IMPORT_COLUMNS.parents.join(',')}\r\n`);
    const csv = credentialsCsv(
      [
        { row: 2, fullName: 'Asha, "A" Verma', loginId: 'DEMO-T0010', password: '=1+2' },
        { row: 3, fullName: '@Ravi', loginId: 'DEMO-T0011', password: '-x' },
      ],
      ['Row', 'Name', 'Login ID', 'First password'],
    );
    expect(csv).toBe(`\uFEFFRow,Name,Login ID,First password\r\n2,"Asha, ""A"" Verma",DEMO-T0010,'=1+2\r\n3,'@Ravi,DEMO-T0011,'-x\r\n`);
  });
});
