declare module 'swagger-ui-dist/absolute-path.js' {
  /** the folder holding swagger-ui-dist's files */
  const absolutePath: () => string;
  export default absolutePath;
}
