import CFFmpeg

extension VideoFile {
    /// Gives the file's video stream, from its headers alone, what FFmpeg's probe
    /// (`avformat_find_stream_info`) would have given it for `describe`, and says whether it
    /// could. Only the plain case is settled here: one video stream, H.264 with its `avcC`
    /// record, no container aspect box (the decoder's VUI value replaces it), and the SPS's
    /// cropped size equal to the container's; the probe then only adds the VUI's pixel aspect
    /// ratio and transfer characteristics, read here from the SPS (`H264SequenceParameters`).
    /// The decoder is configured from the same `avcC` record either way, so frames decoded from
    /// a file settled here are the probed file's frames.
    static func settleFromHeaders(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        let streams = (0 ..< Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
        let videos = streams.filter {
            $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        guard videos.count == 1, let parameters = videos.first?.pointee.codecpar else { return false }
        let stream = parameters.pointee
        guard stream.codec_id == AV_CODEC_ID_H264, stream.sample_aspect_ratio.num == 0,
              let extradata = stream.extradata, stream.extradata_size > 0,
              let sps = H264SequenceParameters(avcC: UnsafeRawBufferPointer(start: extradata, count: Int(stream.extradata_size))),
              sps.width == Int(stream.width), sps.height == Int(stream.height)
        else { return false }
        parameters.pointee.sample_aspect_ratio = AVRational(num: Int32(sps.aspectNumerator), den: Int32(sps.aspectDenominator))
        // The decoder takes the VUI's transfer over the container's; one FFmpeg has no name for
        // becomes unspecified.
        if let transfer = sps.transferCharacteristics {
            parameters.pointee.color_trc = UInt32(transfer) < AVCOL_TRC_NB.rawValue ? AVColorTransferCharacteristic(UInt32(transfer))
                                                                                      : AVCOL_TRC_UNSPECIFIED
        }
        return true
    }
}
