export declare function checkNativeModules(appOutDir: string, electronVersion: string): Promise<void>;
declare const afterPack: (context: { appOutDir: string; packager: { projectDir: string } }) => Promise<void>;
export default afterPack;
