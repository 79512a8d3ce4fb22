/** Every shared contract module, for tests that walk all schemas (the fuzz test's field names). */
export * as activation from '../../src/contracts/activation';
export * as benefit from '../../src/contracts/benefit';
export * as carousel from '../../src/contracts/carousel';
export * as cars from '../../src/contracts/cars';
export * as challenge from '../../src/contracts/challenge';
export * as checkin from '../../src/contracts/checkin';
export * as common from '../../src/contracts/common';
export * as config from '../../src/contracts/config';
export * as consent from '../../src/contracts/consent';
export * as constants from '../../src/contracts/constants';
export * as content from '../../src/contracts/content';
export * as media from '../../src/contracts/media';
export * as organization from '../../src/contracts/organization';
export * as session from '../../src/contracts/session';
export * as sweepstake from '../../src/contracts/sweepstake';
export * as user from '../../src/contracts/user';
