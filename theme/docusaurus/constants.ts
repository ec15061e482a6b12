// Docusaurus's constants: the id a plugin instance has when the config gives it none.
export const DEFAULT_PLUGIN_ID = 'default';
