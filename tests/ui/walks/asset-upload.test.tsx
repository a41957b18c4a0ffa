import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { describeUiWalk } from './runner';
import { sized, textFile, uploadDriver } from './upload-driver';

/**
 * My profile → Asset (see upload-driver.ts). The server takes any file the client's size check lets
 * through, so the real server has no refusal of the file itself for this screen to meet: the walk's
 * failed upload is the account's refusal — the admin deactivated it just before Upload ('Inactive
 * user', 400), and reactivates it once the failure shows. The model's failure classes differ only in
 * their message; the one the generated paths take to every edge after a failure is '413 too large',
 * and that is the class this screen realises, with the server's real answer.
 */

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

await describeUiWalk(
  uploadDriver({
    machine: 'assetUpload',
    heading: 'Asset',
    endpoint: '/users/me/asset',
    inputLabel: 'Choose an asset file',
    pickLabels: ['Upload asset', 'Replace asset'],
    removeLabel: 'Remove asset',
    uploadLabel: 'Upload asset',
    progressLabel: 'Asset upload',
    files: {
      PDF: { make: textFile('report.pdf', 'application/pdf', PDF) },
      'too large': {
        make: sized('video.mp4', 'video/mp4', 21 * 1024 * 1024),
        rejected: 'File too large: the limit is 20 MB',
      },
      empty: { make: sized('empty.txt', 'text/plain', 0), rejected: 'The file is empty' },
    },
    failures: { '413 too large': { refuse: true, message: 'Inactive user' } },
    stored: { fixture: 'photo.webp', type: 'image/webp' },
    uploaded: 'Asset uploaded successfully.',
    removed: 'Asset removed.',
    showsStored: (section, name) => {
      expect(within(section).getByText(name)).toBeTruthy();
      expect(within(section).getByRole('link', { name: `Download ${name}` })).toBeTruthy();
    },
  }),
);
