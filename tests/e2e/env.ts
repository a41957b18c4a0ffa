/** Where the e2e run's server and mailbox listen, and the superuser it starts with. */
export const E2E = {
  appPort: Number(process.env.E2E_PORT ?? 8123),
  mailboxPort: Number(process.env.E2E_MAILBOX_PORT ?? 8124),
  get baseURL() {
    return `http://127.0.0.1:${this.appPort}`;
  },
  superuser: { email: 'admin@example.com', password: 'e2e-admin-passphrase' },
} as const;
