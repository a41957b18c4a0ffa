import { expect } from 'vitest';
import { PHOTO_TYPE_MESSAGE } from '../../../src/machines/profile-photo';
import { describeUiWalk } from './runner';
import { fixture, sized, textFile, uploadDriver } from './upload-driver';

/**
 * My profile → Profile photo (see upload-driver.ts). The server's refusal is its own check of the
 * content: a file named and declared PNG whose bytes are text is answered 415 — the same file then
 * never succeeds, so no path uploads it successfully after that.
 */

await describeUiWalk(
  uploadDriver({
    machine: 'profilePhoto',
    heading: 'Profile photo',
    endpoint: '/users/me/profile_photo',
    inputLabel: 'Choose a profile photo',
    pickLabels: ['Add photo', 'Change photo'],
    removeLabel: 'Remove photo',
    uploadLabel: 'Upload photo',
    progressLabel: 'Profile photo upload',
    files: {
      PNG: { make: fixture('photo.png', 'image/png') },
      'text file': { make: textFile('notes.txt', 'text/plain', 'not a photo'), rejected: PHOTO_TYPE_MESSAGE },
      'too large': {
        make: sized('huge.jpg', 'image/jpeg', 6 * 1024 * 1024),
        rejected: 'File too large: the limit is 5 MB',
      },
      empty: { make: sized('empty.webp', 'image/webp', 0), rejected: 'The file is empty' },
    },
    failures: {
      '415 not an image': {
        file: textFile('photo.png', 'image/png', 'these bytes are no image'),
        message: PHOTO_TYPE_MESSAGE,
      },
    },
    stored: { fixture: 'photo.jpg', type: 'image/jpeg' },
    uploaded: 'Profile photo updated successfully.',
    removed: 'Profile photo removed.',
    showsStored: (section) => {
      // The stored photo is shown (the avatar's image, from the server's file URL), not the initials.
      expect(section.querySelector('img')?.getAttribute('src')).toMatch(/\/files\/profile-photo\//);
    },
  }),
);
