// The classic Remix compiler turns a CSS import into the URL of the built file.
declare module '*.css' {
  const href: string;
  export default href;
}
