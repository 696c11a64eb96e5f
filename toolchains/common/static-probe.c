/* Built -static and run under the target's emulator at configure time
   (link-static.cmake): whether a static program starts there at all. */
int main(void) { return 0; }
