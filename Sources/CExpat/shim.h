// Expat, the XML parser XMPPacket reads packets with (namespaces on, no DTD, no external
// entities: see XMPTree).
#include <expat.h>
