// Contract scripts of the team family (users lists, members, invitations, invite link, temporary users), the
// profile's picture and email, and phone numbers: every call, the refusals the preview must share with the server.
import { phoneContracts as p } from '../../../shared/api/contracts/phone';
import { profileContracts as pr } from '../../../shared/api/contracts/profile';
import { teamContracts as c } from '../../../shared/api/contracts/team';
import type { Script } from '../contract';

const invitee = (s: Record<string, { id: string }>) => ({ userId: s.invited!.id });

export const teamScript: Script = {
  family: 'team',
  steps: [
    { name: 'users v3', call: c.getUsersV3, query: { _limit: '5', _sortBy: 'name', _order: 'ASC' } },
    { name: 'users v2 (with permissions)', call: c.getUsersV2, query: { _limit: '5' } },
    { name: 'users of the tenant and its sub-tenants', call: c.loadAllUsers, query: { _limit: '5' } },
    {
      name: '[ENUM-030] an unknown sort field is refused',
      call: c.getUsersV3,
      query: { _sortBy: 'passwordHash' },
      expect: 400,
    },
    { name: 'sorted by tenant (ENUM-030)', call: c.getUsersV3, query: { _sortBy: 'tenantId' } },
    {
      name: '[ENUM-031] an unknown preset is refused',
      call: c.getUsersV3,
      query: { _preset: 'vip' },
      expect: 400,
    },
    {
      name: '[ENUM-044] an unknown order is refused',
      call: c.getUsersV3,
      query: { _order: 'up' },
      expect: 400,
    },
    {
      name: 'team members v1 (Frontegg spells asc)',
      call: c.loadUsers,
      query: { pageSize: '5', sortDirection: 'asc' },
    },
    { name: 'member stats', call: c.loadStats },
    { name: 'roles to hand out', call: c.loadAvailableRoles, save: 'roles' },
    { name: 'a bad email is refused', call: c.addUser, body: { email: 'not-an-email' }, expect: 400 },
    {
      name: '[ENUM-032] an unknown provider is refused',
      call: c.addUser,
      body: { email: 'contract-provider@example.test', provider: 'myspace' },
      expect: 400,
    },
    {
      name: 'an unknown role is refused',
      call: c.addUser,
      body: { email: 'contract-role@example.test', roleIds: ['no-such-role'] },
      expect: 404,
    },
    {
      name: 'invite a user',
      call: c.addUser,
      body: { email: 'contract-invitee@example.test', name: 'Contract Invitee', provider: 'local' },
      save: 'invited',
    },
    { name: 'the user by id', call: c.getUserById, params: invitee },
    {
      name: 'an unknown user is not found',
      call: c.getUserById,
      params: { userId: 'no-such-user' },
      expect: 404,
    },
    { name: 'users roles', call: c.getUsersRoles, query: (s) => ({ ids: s.invited.id }) },
    { name: 'users roles need ids', call: c.getUsersRoles, expect: 400 },
    { name: 'users groups', call: c.getUsersGroups, query: (s) => ({ ids: s.invited.id }) },
    {
      name: 'rename and give roles',
      call: c.updateUser,
      body: (s) => ({ id: s.invited.id, name: 'Renamed', roleIds: [s.roles[0].id] }),
    },
    { name: 'an unknown member is not found', call: c.updateUser, body: { id: 'no-such-user' }, expect: 404 },
    { name: 'disable', call: c.disableUser, params: invitee },
    { name: 'enable', call: c.enableUser, params: invitee },
    { name: 'unlock', call: c.unlockUser, params: invitee },
    { name: 'resend the activation mail', call: c.resendActivationLink, params: invitee },
    { name: 'temporary users settings', call: c.getTemporaryUserConfiguration },
    {
      name: 'an expiry under a minute is refused',
      call: c.updateUserExpirationTime,
      params: invitee,
      body: { expirationInSeconds: 5 },
      expect: 400,
    },
    {
      name: 'make temporary',
      call: c.updateUserExpirationTime,
      params: invitee,
      body: { expirationInSeconds: 3600 },
    },
    { name: 'make permanent', call: c.setPermanentUser, params: invitee },
    { name: 'invite link settings', call: c.getInviteLinkConfiguration },
    { name: 'create the invite link', call: c.createInviteUserLink, body: {} },
    { name: 'read it', call: c.getInviteUserLink },
    { name: 'renew it for an hour', call: c.updateInviteUserLink, body: { expiresInMinutes: 60 } },
    {
      name: 'a bad expiry is refused',
      call: c.updateInviteUserLink,
      body: { expiresInMinutes: 0 },
      expect: 400,
    },
    {
      name: 'roles on a link are refused (not stored)',
      call: c.createInviteUserLinkV2,
      body: (s) => ({ roleIds: [s.roles[0].id] }),
      expect: 400,
    },
    { name: 'create it (v2)', call: c.createInviteUserLinkV2, body: { expiresInMinutes: 120 } },
    { name: 'delete it', call: c.deleteInviteUserLink },
    { name: 'deleted: not found', call: c.deleteInviteUserLink, expect: 404 },
    { name: 'no link: an empty answer', call: c.getInviteUserLink },
    { name: 'remove the user (answers the user)', call: c.deleteUser, params: invitee },
    { name: 'removed: not found', call: c.deleteUser, params: invitee, expect: 404 },
  ],
};

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const profileScript: Script = {
  family: 'profile',
  steps: [
    { name: 'upload a picture', call: pr.updateProfileImage, body: { image: PNG } },
    {
      name: 'an SVG is refused',
      call: pr.updateProfileImage,
      body: { image: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
      expect: 400,
    },
    { name: 'ask to change the email', call: pr.updateEmail, body: { email: 'contract-new@example.test' } },
    { name: 'a bad email is refused', call: pr.updateEmail, body: { email: 'nope' }, expect: 400 },
    {
      name: 'a wrong code is refused',
      call: pr.verifyEmail,
      body: { email: 'contract-new@example.test', code: '000000' },
      expect: 400,
    },
  ],
};

export const phoneScript: Script = {
  family: 'phone',
  steps: [
    { name: 'a page of my numbers', call: p.getUserPhoneNumbers, query: { limit: '5' } },
    { name: 'all my numbers', call: p.getUserOwnPhoneNumbers },
    { name: 'add a number', call: p.createPhoneNumber, body: { phoneNumber: '+15550001111' }, save: 'added' },
    { name: 'not a number', call: p.createPhoneNumber, body: { phoneNumber: 'call me' }, expect: 400 },
    { name: 'text a code', call: p.preVerifyPhoneNumber, body: { phoneNumber: '+15550002222' }, save: 'pre' },
    {
      name: 'a wrong code is refused',
      call: p.verifyPhoneNumber,
      body: (s) => ({ otcToken: s.pre.otcToken, code: '000000' }),
      expect: 400,
    },
    { name: 'a code is required', call: p.verifyPhoneNumber, body: { otcToken: 'x' }, expect: 400 },
    {
      name: 'delete the unverified number',
      call: p.deletePhoneNumber,
      params: (s) => ({ phoneId: s.added.id }),
    },
    {
      name: 'deleted: not found',
      call: p.deletePhoneNumber,
      params: (s) => ({ phoneId: s.added.id }),
      expect: 404,
    },
    {
      name: 'a wrong deletion code is refused',
      call: p.verifyDeletePhoneNumber,
      params: (s) => ({ phoneId: s.pre.id }),
      body: { otcToken: 'phone-delete:x', code: '000000' },
      expect: 400,
    },
    { name: "the users' numbers (administrators)", call: p.getUsersPhoneNumberV2, query: { _limit: '5' } },
    {
      name: 'a bad page size is refused',
      call: p.getUsersPhoneNumberV2,
      query: { _limit: '0' },
      expect: 400,
    },
    {
      name: 'reset the phone number',
      call: p.resetPhoneNumber,
      body: { email: 'nobody@example.test' },
      save: 'reset',
    },
    { name: 'reset needs an email', call: p.resetPhoneNumber, body: { email: 'nope' }, expect: 400 },
    {
      name: 'a wrong reset code is refused',
      call: p.verifyResetPhoneNumber,
      body: (s) => ({ resetPhoneNumberToken: s.reset.resetPhoneNumberToken, code: '000000' }),
      expect: 400,
    },
    {
      name: 'a bad change token is refused',
      call: p.changePhoneNumber,
      body: { changePhoneNumberToken: 'bogus', phoneNumber: '+15550003333' },
      expect: 400,
    },
    {
      name: 'change my number: a code to the new one',
      call: p.changePhoneNumberWithVerification,
      body: { phoneNumber: '+15550004444' },
      save: 'change',
    },
    {
      name: 'not a number',
      call: p.changePhoneNumberWithVerification,
      body: { phoneNumber: 'nope' },
      expect: 400,
    },
    {
      name: 'a wrong change code is refused',
      call: p.verifyChangePhoneNumber,
      body: (s) => ({ changePhoneId: s.change.changePhoneId, code: '000000' }),
      expect: 400,
    },
  ],
};
