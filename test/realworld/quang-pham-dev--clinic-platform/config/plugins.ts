import type { Core } from '@strapi/strapi';

const config = (): Core.Config.Plugin => ({});

export default config;
